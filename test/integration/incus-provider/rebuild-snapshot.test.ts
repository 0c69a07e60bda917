// Snapshot before rebuild against the real terraform and incusd: a volume whose config sets
// user.cdktf-virt.snapshot-before-rebuild = N is snapshotted each time the instance using it is replaced, the
// snapshot holds the bytes as they were before, its name says which rebuild made it, and only the newest N stay.
import { randomBytes } from "node:crypto";
import { OWNER_CONFIG_KEY, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY } from "../../../lib/config-keys";
import { TEST_IMAGE, TEST_POOL, createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("rbs");
});

afterAll(async () => {
  await h?.close();
});

function config(stack: string, app: string, data: string, plain: string, content: string): string {
  const volume = (label: string, name: string, extra: string) => `resource "incus_storage_volume" "${label}" {
  name   = "${name}"
  pool   = "${TEST_POOL}"
  config = { size = "32MiB", "${OWNER_CONFIG_KEY}" = "${stack}/${label}"${extra} }
}
`;
  const disk = (label: string, path: string) => `  device {
    name = "${label}"
    type = "disk"
    properties = { path = "${path}", pool = "${TEST_POOL}", source = incus_storage_volume.${label}.name }
  }
`;
  return `${volume("data", data, `, "${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY}" = "2"`)}${volume("plain", plain, "")}
resource "incus_instance" "app" {
  name   = "${app}"
  image  = "${TEST_IMAGE}"
  config = { "${OWNER_CONFIG_KEY}" = "${stack}/app" }
  device {
    name = "root"
    type = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
${disk("data", "/data")}${disk("plain", "/plain")}  file {
    target_path = "/data/payload"
    content     = "${content}"
  }
}
`;
}

/** /data/payload of `volume` (or of its snapshot `volume/snap`), read in a throwaway container. */
async function payloadOf(source: string): Promise<string> {
  let volume = source;
  const tag = randomBytes(2).toString("hex");
  if (source.includes("/")) {
    // A snapshot cannot be attached: read it from a copy.
    volume = h.name(`copy${tag}`);
    h.cleanup.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
    await h.client.storageVolumes.copy(TEST_POOL, volume, { pool: TEST_POOL, name: source }, { volumeOnly: true });
  }
  const reader = h.name(`rd${tag}`);
  await createTestContainer(h.client, h.cleanup, reader, { devices: { data: { type: "disk", pool: TEST_POOL, source: volume, path: "/data" } } });
  try {
    const r = await h.client.exec.run(reader, ["cat", "/data/payload"]);
    if (r.exitCode !== 0) throw new Error(`cat /data/payload of ${source}: ${r.stderr}`);
    return r.stdout;
  } finally {
    await h.client.instanceState.stop(reader, { force: true }).catch(() => undefined);
    await h.client.instances.delete(reader);
    if (volume !== source) await h.client.storageVolumes.delete(TEST_POOL, volume);
  }
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
  const snapshotsOf = async (volume: string) => (await h.client.volumeSnapshots.list(TEST_POOL, volume)).map((s) => s.name).sort();

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
  expect(await payloadOf(data)).toBe(generations[3]);
  expect(await payloadOf(`${data}/${taken[1]}`)).toBe(generations[1]);
  expect(await payloadOf(`${data}/${taken[2]}`)).toBe(generations[2]);
  expect(await h.client.volumeSnapshots.list(TEST_POOL, data).then((l) => l.map((s) => s.name))).not.toContain(taken[0]);
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
