// Snapshot before rebuild against the real terraform and incusd: a volume whose config sets
// user.cdktf-virt.snapshot-before-rebuild = N is snapshotted each time the instance using it is replaced, the
// snapshot holds the bytes as they were before, its name says which rebuild made it, and only the newest N stay.
import { randomBytes } from "node:crypto";
import { SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY } from "../../../lib/records";
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";
import { containerHcl, payloadOf, volumeHcl } from "./volume-data";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("rbs");
});

afterAll(async () => {
  await h?.close();
});

function config(stack: string, app: string, data: string, plain: string, payload: string): string {
  return (
    volumeHcl("data", data, `${stack}/data`, { [SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY]: "2" }) +
    volumeHcl("plain", plain, `${stack}/plain`) +
    containerHcl({ name: app, owner: `${stack}/app`, disks: { data: "/data", plain: "/plain" }, payload })
  );
}

test("incus_instance replaced: each attached volume that asks for it is snapshotted first; the newest 2 are kept", async () => {
  const stack = h.name("stack");
  const app = h.name("app");
  const data = h.name("data");
  const plain = h.name("plain");
  h.cleanup.add(`volume ${data}`, () => h.client.storageVolumes.delete(TEST_POOL, data));
  h.cleanup.add(`volume ${plain}`, () => h.client.storageVolumes.delete(TEST_POOL, plain));
  h.cleanup.add(`instance ${app}`, async () => {
    await h.client.instanceState.stop(app, { force: true }).catch(() => undefined);
    await h.client.instances.delete(app);
  });
  const generations = ["gen1", "gen2", "gen3", "gen4"].map((g) => `${g}-${randomBytes(6).toString("hex")}`);
  const snapshotsOf = async (volume: string) =>
    (await h.client.volumeSnapshots.list(TEST_POOL, volume)).map((s) => s.name).sort();

  h.config(config(stack, app, data, plain, generations[0]));
  await h.apply();
  expect(await snapshotsOf(data)).toEqual([]);

  const taken: string[] = [];
  for (const next of generations.slice(1)) {
    h.config(config(stack, app, data, plain, next));
    await h.apply([`-replace=incus_instance.app`]);
    const names = await snapshotsOf(data);
    const newest = names[names.length - 1];
    expect(newest).toMatch(new RegExp(`^rebuild-${app}-\\d{8}T\\d{6}Z$`));
    expect(taken).not.toContain(newest);
    taken.push(newest);
    expect(names).toEqual(taken.slice(-2));
    await h.expectNoChanges();
  }
  // The instance was rebuilt three times: the volume holds the last content, each snapshot the one before its rebuild,
  // and the oldest snapshot (holding gen1) was removed by the retention count.
  expect(await payloadOf(h, data)).toBe(generations[3]);
  expect(await payloadOf(h, `${data}/${taken[1]}`)).toBe(generations[1]);
  expect(await payloadOf(h, `${data}/${taken[2]}`)).toBe(generations[2]);
  expect(await h.client.volumeSnapshots.list(TEST_POOL, data).then((l) => l.map((s) => s.name))).not.toContain(
    taken[0],
  );
  // A volume without the key gets no snapshot.
  expect(await snapshotsOf(plain)).toEqual([]);
  expect((await h.client.instances.get(app)).value.status).toBe("Running");
});

test("an invalid snapshot-before-rebuild count is rejected at validation", async () => {
  h.config(`resource "incus_storage_volume" "v" {
  name   = "${h.name("bad")}"
  pool   = "${TEST_POOL}"
  config = { "${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY}" = "many" }
}
`);
  const r = await h.run(["validate"]);
  expect(r.code).not.toBe(0);
  expect(r.output.replace(/\s+/g, " ")).toContain(`expected how many snapshots to keep (a whole number, e.g. "3")`);
});
