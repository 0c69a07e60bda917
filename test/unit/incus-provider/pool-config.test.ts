// The storage pool read that volumes share (lib/provider/incus/storage/pool-config.ts): one GET per pool per
// client however many volumes ask, also when they ask at the same time; a missing pool or a failed read is not
// remembered; the pool resource's forget makes the next volume read the pool again.
import type { IncusClient } from "../../../lib/incus";
import { IncusNotFoundError } from "../../../lib/incus";
import { forgetStoragePool, storagePoolOf } from "../../../lib/provider/incus/storage/pool-config";

function fakeClient(answer: (name: string, call: number) => unknown) {
  const gets: string[] = [];
  const client = {
    storagePools: {
      get: async (name: string) => {
        gets.push(name);
        const value = answer(name, gets.length);
        if (value instanceof Error) throw value;
        return { value, etag: "" };
      },
    },
  } as unknown as IncusClient;
  return { client, gets };
}

test("many volumes, one read per pool and client, also when they ask at once", async () => {
  const { client, gets } = fakeClient((name) => ({ name, config: { "volume.size": "1GiB" } }));
  const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => storagePoolOf(client, i % 2 ? "a" : "b")));
  expect(gets.sort()).toEqual(["a", "b"]);
  expect(answers[1]).toEqual({ name: "a", config: { "volume.size": "1GiB" } });
  // Another client (another provider session) reads for itself.
  const other = fakeClient((name) => ({ name, config: {} }));
  await storagePoolOf(other.client, "a");
  expect(other.gets).toEqual(["a"]);
});

test("forget: the next read asks Incus again and sees the new config", async () => {
  const { client, gets } = fakeClient((name, call) => ({ name, config: { "volume.size": `${call}GiB` } }));
  expect((await storagePoolOf(client, "p"))?.config).toEqual({ "volume.size": "1GiB" });
  forgetStoragePool(client, "p");
  expect((await storagePoolOf(client, "p"))?.config).toEqual({ "volume.size": "2GiB" });
  expect(gets).toEqual(["p", "p"]);
});

test("a missing pool and a failed read are not remembered", async () => {
  const { client, gets } = fakeClient((_name, call) =>
    call === 1 ? new IncusNotFoundError("not found") : call === 2 ? new Error("connection reset") : { config: {} },
  );
  expect(await storagePoolOf(client, "p")).toBeNull();
  await expect(storagePoolOf(client, "p")).rejects.toThrow("connection reset");
  expect(await storagePoolOf(client, "p")).toEqual({ config: {} });
  expect(await storagePoolOf(client, "p")).toEqual({ config: {} });
  expect(gets).toHaveLength(3);
});
