// A cell of the lifecycle table (docs/lifecycle.md, "What happens to the data, per policy and path") through the
// constructs and the real terraform and libvirtd: a stack with its own pool, a DESTROY data volume attached with
// snapshotBeforeRebuild. One rebuild (the domain's name changes) leaves the copy "<volume>.rebuild-<domain>-<stamp>"
// in that pool; `cdktf destroy` then deletes the domain and the volume, and keeps the pool because it holds the copy:
// no error, a warning naming the copy and the command that deletes it, and the copy still holds the bytes.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Instance, LibvirtHost, RemovalPolicy, StoragePool, Volume, VolumeFormat } from "../../../lib";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

jest.setTimeout(300_000);

const lv = libvirtConstructsSuite("lvtable");

test("destroy keeps the stack's own pool while it holds a copy taken before a rebuild, with its bytes and a warning", async () => {
  const { run } = lv;
  const name = (id: string) => `${lv.stackName}-${id}`;
  const bytes = randomBytes(1024 * 1024);
  const content = join(run.root, "data.img");
  writeFileSync(content, bytes);
  const poolDir = join(run.root, "pool");
  const pool = name("pool");
  // No /dev/kvm needed: the domain runs under plain qemu, and a new name replaces it.
  const synth = (vmName: string) =>
    run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const own = new StoragePool(stack, "pool", { host, path: poolDir, name: pool });
      const data = new Volume(stack, "data", { pool: own, removalPolicy: RemovalPolicy.DESTROY, libvirt: { format: VolumeFormat.RAW, sourceUrl: content } });
      const vm = new Instance(stack, "vm", { host, name: vmName, memory: "64MiB", libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 0 } });
      vm.attach(data, { path: "vdb", snapshotBeforeRebuild: 1 });
    });
  synth(name("vm1"));
  await run.deploy();

  synth(name("vm2"));
  const plan = await run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm must be replaced/);
  expect(plan.output).not.toMatch(/libvirt_volume\.data (must be replaced|will be destroyed)/);
  const rebuilt = (await run.deploy()).replace(/\s+/g, " ");
  expect(rebuilt).toContain(`Domain ${name("vm1")}: snapshot before rebuild kept`);
  const copies = readdirSync(poolDir).filter((f) => f.startsWith(`${name("data")}.rebuild-`));
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatch(new RegExp(`^${name("data")}\\.rebuild-${name("vm1")}-\\d{8}T\\d{6}Z$`));

  const destroyed = await run.destroy();
  const output = destroyed.output.replace(/\s+/g, " ");
  expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
  expect(output).toContain(`Pool ${pool} was kept`);
  expect(output).toContain(copies[0]);
  expect(output).toContain(`virsh -c ${LIBVIRT_TEST_URI} vol-delete --pool ${pool} ${copies[0]}`);
  expect((await run.run(["state", "list"])).output.trim()).toBe("");
  expect(lv.virsh("list", "--all", "--name")).not.toContain(name("vm2"));
  // The DESTROY volume is gone; the copy is all that is left, with the bytes the volume had.
  expect(readdirSync(poolDir)).toEqual(copies);
  expect(readFileSync(join(poolDir, copies[0])).equals(bytes)).toBe(true);

  // The test removes what the destroy kept: the copy, then the pool.
  lv.virsh("vol-delete", "--pool", pool, copies[0]);
  lv.virsh("pool-destroy", pool);
  lv.virsh("pool-undefine", pool);
});
