// The libvirt case end to end: a domain on a copy-on-write overlay of a base volume (EPHEMERAL) plus a data volume
// (PERSISTENT). A change that forces the domain to be replaced rebuilds it with a fresh overlay; the data volume is
// the same file before and after. The plan after every deploy is empty.
import { statSync } from "node:fs";
import { join } from "node:path";
import { LibvirtRebuildStack } from "../../../examples/libvirt-rebuild/stack";
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

const lv = libvirtConstructsSuite("constructs");

test("a rebuilt domain gets a fresh overlay of its base; its data volume is untouched", async () => {
  const poolDir = join(lv.run.root, "pool");
  const name = (id: string) => `${lv.stackName}-${id}`;
  const synth = (domainName: string, unprotected = false) =>
    lv.run.synthStack(
      (app, stackName) =>
        new LibvirtRebuildStack(app, stackName, {
          uri: LIBVIRT_TEST_URI,
          poolDir,
          hypervisor: LIBVIRT_TEST_HYPERVISOR,
          domainName,
          unprotected,
          shutdownTimeoutSeconds: 1,
        }),
    );

  synth(name("vm"));
  await lv.run.deploy();
  expect(lv.virsh("domstate", name("vm"))).toBe("running");
  const metadata = lv.virsh("metadata", name("vm"), "--uri", "https://cdktf-virt.dev/xmlns/owner");
  expect(metadata).toContain(`${lv.stackName}/vm`);
  const before = {
    uuid: lv.virsh("domuuid", name("vm")),
    data: statSync(join(poolDir, name("data"))).ino,
    dataBirth: statSync(join(poolDir, name("data"))).birthtimeMs,
  };
  expect(lv.virsh("vol-dumpxml", "--pool", name("images"), name("root"))).toContain(join(poolDir, name("base")));

  // A new domain name forces a new domain (with or without KVM, unlike a new domain type): the generation anchor
  // rebuilds the overlay with it.
  synth(name("vm2"));
  const plan = await lv.run.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  expect(plan.output).toMatch(/libvirt_volume\.root (must|will) be replaced/);
  expect(plan.output).not.toMatch(/libvirt_volume\.(data|base) (must be replaced|will be destroyed)/);
  const applied = await lv.run.deploy();
  expect(applied).toMatch(/libvirt_volume\.root: Destruction complete/);
  expect(applied).toMatch(/libvirt_volume\.root: Creation complete/);
  expect(applied).not.toMatch(/libvirt_volume\.data: Destr/);
  const domains = () => lv.virsh("list", "--all", "--name").split("\n");
  expect(domains()).not.toContain(name("vm"));
  expect(lv.virsh("domuuid", name("vm2"))).not.toBe(before.uuid);
  expect(lv.virsh("domstate", name("vm2"))).toBe("running");
  expect(statSync(join(poolDir, name("data"))).ino).toBe(before.data);
  expect(statSync(join(poolDir, name("data"))).birthtimeMs).toBe(before.dataBirth);

  // Protected volumes refuse destroy; with protection lifted everything goes, overlay before base.
  const refused = await lv.run.destroy();
  expect(refused.code).not.toBe(0);
  // The provider refuses from the volumes' removal_policy (in the state), as prevent_destroy does in the code.
  expect(refused.output).toMatch(/prevent_destroy|Volume \S+ is protected/);
  synth(name("vm2"), true);
  await lv.run.deploy();
  expect((await lv.run.destroy()).code).toBe(0);
  expect(domains()).not.toContain(name("vm2"));
});
