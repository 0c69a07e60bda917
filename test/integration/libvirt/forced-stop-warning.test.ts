// A guest that ignores the ACPI power button is destroyed once its shutdown timeout has passed: a hard power-off
// that can lose what it had not yet written, so terraform shows a warning naming the domain and the timeout, at
// the update that stops it and at its delete. The test domain boots no OS, so it never answers the request.
import { LIBVIRT_TEST_HYPERVISOR, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("fstop");
const name = `${prefix}vm`;

function config(running: boolean): string {
  return `${header()}
resource "libvirt_domain" "vm" {
  name        = "${name}"
  type        = "${LIBVIRT_TEST_HYPERVISOR}"
  memory      = 64
  memory_unit = "MiB"
  running     = ${running}
  update      = { shutdown = { timeout = 1 } }
  destroy     = { graceful = true, shutdown = { timeout = 1 } }
}
`;
}

const suite = libvirtWorkspaceSuite(prefix, () => config(true));

const WARNING = `Warning: Domain "${name}" did not shut down within 1 s and was powered off`;

test("a guest destroyed after its shutdown timeout is a warning, at the update that stops it and at its delete", async () => {
  const { ws, client } = suite;
  await ws.apply();
  expect((await client.domains.info(name)).state).toBe("running");

  ws.write("main.tf", config(false));
  const stopped = await ws.apply();
  expect(stopped.output).toContain(WARNING);
  expect(stopped.output).toContain("update.shutdown.timeout");
  expect((await client.domains.info(name)).state).toBe("shut off");
  await expectEmptyPlan(ws);

  ws.write("main.tf", config(true));
  expect((await ws.apply()).output).not.toContain("Warning:");
  const destroyed = await ws.destroy();
  expect(destroyed.output).toContain(WARNING);
  expect(destroyed.output).toContain("destroy.shutdown.timeout");
  expect(await client.domains.find(name)).toBeUndefined();
});
