// Removal policies of incus_storage_volume against the real terraform and incusd: a volume removed together
// with its attachment in one apply (detached from the running instance of its stack first), a foreign instance
// left alone, RETAIN (kept, released, adopted by a second stack only on purpose), SNAPSHOT (a final copy that
// the printed command restores with the same bytes) and PROTECT (the plan refuses).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  ADOPT_CONFIG_KEY,
  FINAL_COPY_OF_CONFIG_KEY,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  REMOVAL_POLICY_CONFIG_KEY,
} from "../../../lib/records";
import { TEST_POOL, createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";
import { containerHcl, payloadOf, volumeHcl } from "./volume-data";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("vrm");
});

afterAll(async () => {
  await h?.close();
});

/** Terraform wraps long diagnostics; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

function trackVolume(name: string): string {
  h.cleanup.add(`volume ${name}`, () => h.client.storageVolumes.delete(TEST_POOL, name));
  return name;
}

function trackInstance(name: string): string {
  h.cleanup.add(`instance ${name}`, async () => {
    await h.client.instanceState.stop(name, { force: true }).catch(() => undefined);
    await h.client.instances.delete(name);
  });
  return name;
}

/** Removes every volume of the test pool whose name starts with `prefix` (final copies have generated names). */
function trackVolumesStartingWith(prefix: string): void {
  h.cleanup.add(`volumes ${prefix}*`, async () => {
    for (const v of await h.client.storageVolumes.list(TEST_POOL)) {
      if (v.name.startsWith(prefix)) await h.client.storageVolumes.delete(TEST_POOL, v.name);
    }
  });
}

interface VolumeSpec {
  readonly name: string;
  readonly owner: string;
  readonly policy?: string;
  readonly extra?: Record<string, string>;
}

function volume(label: string, v: VolumeSpec): string {
  return volumeHcl(label, v.name, v.owner, {
    ...(v.policy ? { [REMOVAL_POLICY_CONFIG_KEY]: v.policy } : {}),
    ...v.extra,
  });
}

/** The container of stack `owner`, with volume resource "data" at /data holding `payload` when given. */
function instanceHcl(name: string, owner: string, withData = false, payload?: string): string {
  return containerHcl({ name, owner, ...(withData ? { disks: { data: "/data" }, payload } : {}) });
}

/** A volume's config without the keys Incus sets itself (volatile.*). */
function userConfig(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([k]) => !k.startsWith("volatile.")));
}

async function running(name: string): Promise<boolean> {
  return (await h.client.instances.get(name)).value.status === "Running";
}

test("incus_storage_volume removed with its attachment in one apply: detached from the running instance, deleted, plan empty", async () => {
  const stack = h.name("stack");
  const vol = trackVolume(h.name("att"));
  const app = trackInstance(h.name("app"));
  h.config(volume("data", { name: vol, owner: `${stack}/Data` }) + instanceHcl(app, `${stack}/App`, true, "attached"));
  await h.apply();
  expect((await h.client.storageVolumes.get(TEST_POOL, vol)).value.used_by).toEqual([`/1.0/instances/${app}`]);

  h.config(instanceHcl(app, `${stack}/App`));
  const removed = await h.apply();
  expectOutput(removed, /0 added, 1 changed, 1 destroyed/);
  // Terraform deletes the volume before it updates the instance: the case Incus used to refuse ("still in use").
  expect(removed.output.indexOf("incus_storage_volume.data: Destruction complete")).toBeLessThan(
    removed.output.indexOf("incus_instance.app: Modifying"),
  );
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
  expect(await running(app)).toBe(true);
  expect(Object.keys((await h.client.instances.get(app)).value.devices).sort()).toEqual(["root"]);
  await h.expectNoChanges();
  await h.ws.destroy();
});

test("incus_storage_volume replaced while attached: detached, re-created and attached again in the same apply; plan empty", async () => {
  const stack = h.name("stack");
  const vol = trackVolume(h.name("rep"));
  const app = trackInstance(h.name("rapp"));
  h.config(volume("data", { name: vol, owner: `${stack}/Data` }) + instanceHcl(app, `${stack}/App`, true, "before"));
  await h.apply();
  const firstCreated = (await h.client.storageVolumes.get(TEST_POOL, vol)).value.created_at;

  expectOutput(await h.apply(["-replace=incus_storage_volume.data"]), /1 added, 0 changed, 1 destroyed/);
  const replaced = (await h.client.storageVolumes.get(TEST_POOL, vol)).value;
  expect(replaced.created_at).not.toBe(firstCreated);
  expect(replaced.used_by).toEqual([`/1.0/instances/${app}`]);
  expect((await h.client.instances.get(app)).value.devices.data).toEqual({
    type: "disk",
    path: "/data",
    pool: TEST_POOL,
    source: vol,
  });
  expect(await running(app)).toBe(true);
  await h.expectNoChanges();
  await h.ws.destroy();
});

test("incus_storage_volume in use by an instance of another stack or without a marker: the delete stops and names it", async () => {
  const vol = trackVolume(h.name("foreign"));
  const other = h.name("other");
  h.config(volume("data", { name: vol, owner: `${h.name("stack")}/Data` }));
  await h.apply();
  await createTestContainer(h.client, h.cleanup, other, {
    devices: { data: { type: "disk", pool: TEST_POOL, source: vol, path: "/data" } },
  });

  h.config("");
  const r = await h.applyFails();
  expect(flat(r.output)).toContain(`Storage volume ${TEST_POOL}/${vol} is still in use by instance "${other}"`);
  expect(flat(r.output)).toContain(
    `the instance carries no ${OWNER_CONFIG_KEY} marker, so the instance was left untouched`,
  );
  // The command that detaches it names the instance's device (the local socket: the incus client's default remote).
  expect(flat(r.output)).toContain(
    `Remove the volume from it first (in its own configuration, or with \`incus config device remove ${other} data\`)`,
  );
  expect((await h.client.instances.get(other)).value.devices.data).toMatchObject({ source: vol });
  expect(await running(other)).toBe(true);
  expect(await h.ws.resource("incus_storage_volume.data")).toBeDefined();

  // An instance of another stack is just as foreign.
  await h.client.instances.patch(other, { config: { [OWNER_CONFIG_KEY]: "another-stack/App" } });
  const again = await h.applyFails();
  expect(flat(again.output)).toContain(
    `the instance is marked "another-stack/App", not as part of stack "${h.name("stack")}"`,
  );
  expect((await h.client.instances.get(other)).value.devices.data).toMatchObject({ source: vol });

  // Once the foreign instance lets go, the same apply succeeds.
  await h.client.instanceState.stop(other, { force: true });
  await h.client.instances.delete(other);
  await h.apply();
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
});

test("removal policy retain: the volume stays with its bytes, released; a second stack adopts it only on purpose", async () => {
  const stack = h.name("stack");
  const vol = trackVolume(h.name("keep"));
  const app = trackInstance(h.name("kapp"));
  const bytes = randomBytes(12).toString("hex");
  const owner = `${stack}/Data`;
  h.config(volume("data", { name: vol, owner, policy: "retain" }) + instanceHcl(app, `${stack}/App`, true, bytes));
  await h.apply();

  h.config(instanceHcl(app, `${stack}/App`));
  const plan = await h.expectChanges();
  expect(flat(plan)).toContain(
    `Storage volume ${TEST_POOL}/${vol} will be kept on the host with its data (removal policy retain)`,
  );
  const r = await h.apply();
  expect(flat(r.output)).toContain(`Storage volume ${TEST_POOL}/${vol} was kept (removal policy retain)`);
  expect(await h.ws.resource("incus_storage_volume.data")).toBeUndefined();
  expect((await h.client.storageVolumes.get(TEST_POOL, vol)).value.config).toMatchObject({
    [OWNER_CONFIG_KEY]: `released:${owner}`,
    size: "32MiB",
  });
  expect(await running(app)).toBe(true);
  expect(await payloadOf(h, vol)).toBe(bytes);
  await h.expectNoChanges();
  await h.ws.destroy();

  // A second stack: a volume of the same name without the adopt key is refused and the volume left as it was.
  const second = await harness("vrm2");
  try {
    const newOwner = `${second.name("stack")}/Data`;
    second.config(volume("data", { name: vol, owner: newOwner }));
    const refused = await second.applyFails();
    expect(flat(refused.output)).toContain(`It was released (removal policy retain; marked "released:${owner}")`);
    expect(flat(refused.output)).toContain(`set config "${ADOPT_CONFIG_KEY}" = "released"`);
    expect((await h.client.storageVolumes.get(TEST_POOL, vol)).value.config[OWNER_CONFIG_KEY]).toBe(
      `released:${owner}`,
    );

    // With the key it adopts it: the marker becomes the new owner's, the data is untouched, the plan empty.
    second.config(volume("data", { name: vol, owner: newOwner, extra: { [ADOPT_CONFIG_KEY]: "released" } }));
    await second.apply();
    expect(userConfig((await h.client.storageVolumes.get(TEST_POOL, vol)).value.config)).toEqual({
      size: "32MiB",
      [OWNER_CONFIG_KEY]: newOwner,
      [ADOPT_CONFIG_KEY]: "released",
    });
    expect(await payloadOf(h, vol)).toBe(bytes);
    await second.expectNoChanges();
  } finally {
    await second.close();
  }
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
});

test("removal policy snapshot: a released final copy is kept, the volume deleted; the printed command restores the same bytes", async () => {
  const stack = h.name("stack");
  const vol = trackVolume(h.name("snap"));
  trackVolumesStartingWith(`${vol}-final-`);
  const app = trackInstance(h.name("sapp"));
  const bytes = randomBytes(12).toString("hex");
  const owner = `${stack}/Data`;
  h.config(
    volume("data", {
      name: vol,
      owner,
      policy: "snapshot",
      extra: { "user.purpose": "db", "snapshots.schedule": "@daily" },
    }) + instanceHcl(app, `${stack}/App`, true, bytes),
  );
  await h.apply();

  h.config(instanceHcl(app, `${stack}/App`));
  const r = await h.apply();
  const out = flat(r.output);
  const copy = new RegExp(`a final copy was kept as ${TEST_POOL}/(${vol}-final-\\d{8}T\\d{6}Z)`).exec(out)?.[1];
  expect(copy).toBeDefined();
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
  expect(await running(app)).toBe(true);
  const kept = (await h.client.storageVolumes.get(TEST_POOL, copy!)).value;
  expect(userConfig(kept.config)).toEqual({
    size: "32MiB",
    "user.purpose": "db",
    [OWNER_CONFIG_KEY]: `released:${owner}`,
    [FINAL_COPY_OF_CONFIG_KEY]: `${TEST_POOL}/${vol}`,
  });
  expect(kept.description).toMatch(new RegExp(`^Final copy of ${TEST_POOL}/${vol}, made `));
  await h.expectNoChanges();

  const restore = new RegExp(`Restore it under the old name with: (incus storage volume copy \\S+ \\S+)`).exec(
    out,
  )?.[1];
  expect(restore).toBe(`incus storage volume copy ${TEST_POOL}/${copy} ${TEST_POOL}/${vol}`);
  execFileSync("sh", ["-c", restore!], { stdio: "pipe" });
  expect(await payloadOf(h, vol)).toBe(bytes);
  await h.ws.destroy();
});

test("removal policy protect (or the protect flag): a plan that deletes the volume is refused", async () => {
  const vol = trackVolume(h.name("prot"));
  const owner = `${h.name("stack")}/Data`;
  h.config(volume("data", { name: vol, owner, policy: "protect" }));
  await h.apply();
  h.config("");
  const r = await h.run(["plan", "-input=false"]);
  expect(r.code).not.toBe(0);
  expect(flat(r.output)).toContain(`Storage volume ${TEST_POOL}/${vol} is protected`);
  expect(flat(r.output)).toContain(`${REMOVAL_POLICY_CONFIG_KEY}="protect"`);

  // Lifting the policy first, then removing, deletes it.
  h.config(volume("data", { name: vol, owner, policy: "destroy" }));
  await h.apply();
  h.config("");
  await h.apply();
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
  expect(PROTECT_CONFIG_KEY).toBe("user.cdktf-virt.protect");
});

test("an invalid removal policy is rejected at validation", async () => {
  h.config(volume("data", { name: h.name("bad"), owner: "s/x", policy: "keep" }));
  const r = await h.run(["validate"]);
  expect(r.code).not.toBe(0);
  expect(flat(r.output)).toContain(
    `is "keep", which is not a removal policy; use one of protect, retain, snapshot, destroy`,
  );
});
