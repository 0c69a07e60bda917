// A replaced instance with a custom volume attached is shut down cleanly before it is deleted: its service gets
// the shutdown signal (busybox init runs its `::shutdown:` actions on Incus' SIGPWR) and writes into the volume.
// One whose clean shutdown outlasts boot.host_shutdown_timeout is killed with a warning; one without custom
// volumes is killed at once, since nothing of it outlives the delete.
import { OWNER_CONFIG_KEY } from "../../../lib/records";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";
import { PAYLOAD, payloadOf, volumeHcl } from "./volume-data";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("stop");
});

afterAll(async () => {
  await h?.close();
});

/** incus_instance `label` of the test image; `volume` (a resource label) mounted at /data. */
function containerHcl(label: string, name: string, owner: string, shutdownSeconds?: number, volume?: string): string {
  const timeout = shutdownSeconds === undefined ? "" : `, "boot.host_shutdown_timeout" = "${shutdownSeconds}"`;
  const disk = volume
    ? `  device {\n    name = "data"\n    type = "disk"\n    properties = { path = "/data", pool = "${TEST_POOL}", source = incus_storage_volume.${volume}.name }\n  }\n`
    : "";
  return `resource "incus_instance" "${label}" {
  name   = "${name}"
  image  = "${TEST_IMAGE}"
  config = { "${OWNER_CONFIG_KEY}" = "${owner}"${timeout} }
  device {
    name = "root"
    type = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
${disk}}
`;
}

/** Gives the running container's init a shutdown action (busybox init rereads /etc/inittab on SIGHUP). */
async function onShutdown(instance: string, command: string): Promise<void> {
  const inittab = `::sysinit:/bin/mount -a\n::respawn:/bin/sleep 2147483647\n::shutdown:/bin/sh -c '${command}'\n`;
  const r = await h.client.exec.run(instance, ["sh", "-c", `printf '%s' "$0" > /etc/inittab && kill -HUP 1`, inittab]);
  if (r.exitCode !== 0) throw new Error(`inittab of ${instance}: ${r.stderr}`);
}

test("a replaced instance with a custom volume stops cleanly first; a hung one is killed after its timeout; one without is killed at once", async () => {
  const stack = h.name("stack");
  const [clean, hung, plain] = ["clean", "hung", "plain"].map((s) => h.name(s));
  const [cleanData, hungData] = ["cdata", "hdata"].map((s) => h.name(s));
  for (const v of [cleanData, hungData]) {
    h.cleanup.add(`volume ${v}`, () => h.client.storageVolumes.delete(TEST_POOL, v));
  }
  for (const i of [clean, hung, plain]) {
    h.cleanup.add(`instance ${i}`, async () => {
      await h.client.instanceState.stop(i, { force: true }).catch(() => undefined);
      await h.client.instances.delete(i);
    });
  }
  h.config(
    volumeHcl("cdata", cleanData, `${stack}/cdata`) +
      volumeHcl("hdata", hungData, `${stack}/hdata`) +
      containerHcl("clean", clean, `${stack}/clean`, undefined, "cdata") +
      containerHcl("hung", hung, `${stack}/hung`, 2, "hdata") +
      // Its clean shutdown would take 300 s: only a forced stop lets the replacement finish in time.
      containerHcl("plain", plain, `${stack}/plain`, 300),
  );
  await h.apply();
  await onShutdown(clean, `echo clean > ${PAYLOAD}; sync`);
  await onShutdown(hung, `sleep 300; echo late > ${PAYLOAD}`);
  await onShutdown(plain, "sleep 300");

  const started = Date.now();
  const result = await h.apply([
    "-replace=incus_instance.clean",
    "-replace=incus_instance.hung",
    "-replace=incus_instance.plain",
  ]);
  expect(Date.now() - started).toBeLessThan(200_000);

  expect(await payloadOf(h, cleanData)).toBe("clean\n");
  expectOutput(result, new RegExp(`${hung}[\\s\\S]*did not stop within 2 s[\\s\\S]*killed`));
  await expect(payloadOf(h, hungData)).rejects.toThrow(/No such file/);
  for (const i of [clean, hung, plain]) expect((await h.client.instances.get(i)).value.status).toBe("Running");
});
