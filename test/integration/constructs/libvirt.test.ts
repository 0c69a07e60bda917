// The libvirt case end to end: a domain on a copy-on-write overlay of a base volume (EPHEMERAL) plus a data volume
// (PERSISTENT). A change that forces the domain to be replaced rebuilds it with a fresh overlay; the data volume is
// the same file before and after. The plan after every deploy is empty.
import { statSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { LibvirtRebuildStack } from "../../../examples/libvirt-rebuild/stack";
import type { LibvirtClient } from "../../../lib/libvirt";
import { cleanupLibvirt, libvirtTestPrefix, LIBVIRT_TEST_URI, requireLibvirt } from "../../support/libvirt";
import { StackRun } from "./support";

const prefix = libvirtTestPrefix("constructs");
const stackName = prefix.replace(/-$/, "");
let client: LibvirtClient;
let run: StackRun;

beforeAll(async () => {
  client = await requireLibvirt();
  run = new StackRun(stackName, ["libvirt"]);
});

afterAll(async () => {
  try {
    await cleanupLibvirt(client, prefix);
  } finally {
    run?.cleanup();
  }
});

function virsh(...args: string[]): string {
  return execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" }).trim();
}

test("a rebuilt domain gets a fresh overlay of its base; its data volume is untouched", async () => {
  const poolDir = join(run.root, "pool");
  const synth = (hypervisor: string, unprotected = false) =>
    run.synthStack((app, name) => new LibvirtRebuildStack(app, name, { uri: LIBVIRT_TEST_URI, poolDir, hypervisor, unprotected, shutdownTimeoutSeconds: 1 }));
  const name = (id: string) => `${stackName}-${id}`;

  synth("kvm");
  await run.deploy();
  expect(virsh("domstate", name("vm"))).toBe("running");
  const metadata = virsh("metadata", name("vm"), "--uri", "https://cdktf-virt.dev/xmlns/owner");
  expect(metadata).toContain(`${stackName}/vm`);
  const before = {
    uuid: virsh("domuuid", name("vm")),
    data: statSync(join(poolDir, name("data"))).ino,
    dataBirth: statSync(join(poolDir, name("data"))).birthtimeMs,
  };
  expect(virsh("vol-dumpxml", "--pool", name("images"), name("root"))).toContain(join(poolDir, name("base")));

  // A new domain type forces a new domain: the generation anchor rebuilds the overlay with it.
  synth("qemu");
  const plan = await run.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  expect(plan.output).toMatch(/libvirt_volume\.root (must|will) be replaced/);
  expect(plan.output).not.toMatch(/libvirt_volume\.(data|base) (must be replaced|will be destroyed)/);
  const applied = await run.deploy();
  expect(applied).toMatch(/libvirt_volume\.root: Destruction complete/);
  expect(applied).toMatch(/libvirt_volume\.root: Creation complete/);
  expect(applied).not.toMatch(/libvirt_volume\.data: Destr/);
  expect(virsh("domuuid", name("vm"))).not.toBe(before.uuid);
  expect(virsh("domstate", name("vm"))).toBe("running");
  expect(statSync(join(poolDir, name("data"))).ino).toBe(before.data);
  expect(statSync(join(poolDir, name("data"))).birthtimeMs).toBe(before.dataBirth);

  // Protected volumes refuse destroy; with protection lifted everything goes, overlay before base.
  const refused = await run.destroy();
  expect(refused.code).not.toBe(0);
  expect(refused.output).toMatch(/prevent_destroy/);
  synth("qemu", true);
  await run.deploy();
  expect((await run.destroy()).code).toBe(0);
  expect(virsh("list", "--all", "--name")).not.toContain(name("vm"));
});
