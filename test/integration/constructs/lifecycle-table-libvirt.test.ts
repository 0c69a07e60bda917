// A cell of the lifecycle table (docs/lifecycle.md, "What happens to the data, per policy and path") through the
// constructs and the real terraform and libvirtd: a stack with its own pool, a DESTROY data volume attached with
// snapshotBeforeRebuild. One rebuild (the domain's name changes) leaves the copy "<volume>.rebuild-<domain>-<stamp>"
// in that pool; `cdktf destroy` takes one more copy as it deletes the domain, deletes the volume, and keeps the pool
// because it holds the copies: no error, a warning naming each copy and the command that deletes it, and the copies
// still hold the bytes.
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
      const data = new Volume(stack, "data", {
        pool: own,
        removalPolicy: RemovalPolicy.DESTROY,
        libvirt: { format: VolumeFormat.RAW, sourceUrl: content },
      });
      const vm = new Instance(stack, "vm", {
        host,
        name: vmName,
        memory: "64MiB",
        libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 0 },
      });
      vm.attach(data, { path: "vdb", snapshotBeforeRebuild: 1 });
    });
  synth(name("vm1"));
  await run.deploy();

  synth(name("vm2"));
  const applied = await run.deploy();
  expect(applied).toMatch(/libvirt_domain\.vm must be replaced/);
  expect(applied).not.toMatch(/libvirt_volume\.data (must be replaced|will be destroyed)/);
  const rebuilt = applied.replace(/\s+/g, " ");
  expect(rebuilt).toContain(`Domain ${name("vm1")}: snapshot before rebuild kept`);
  const copies = readdirSync(poolDir).filter((f) => f.startsWith(`${name("data")}.rebuild-`));
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatch(new RegExp(`^${name("data")}\\.rebuild-${name("vm1")}-\\d{8}T\\d{6}Z$`));

  const destroyed = await run.destroy();
  const output = destroyed.output.replace(/\s+/g, " ");
  expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
  expect((await run.run(["state", "list"])).output.trim()).toBe("");
  expect(lv.virsh("list", "--all", "--name")).not.toContain(name("vm2"));
  // Deleting the domain took one more copy (of vm2); the DESTROY volume is gone, the two copies are all that is
  // left, each with the bytes the volume had.
  const left = readdirSync(poolDir).sort();
  expect(left).toHaveLength(2);
  expect(left[0]).toBe(copies[0]);
  expect(left[1]).toMatch(new RegExp(`^${name("data")}\\.rebuild-${name("vm2")}-\\d{8}T\\d{6}Z$`));
  for (const copy of left) expect(readFileSync(join(poolDir, copy)).equals(bytes)).toBe(true);
  // The pool is kept because of them, and the warning names each with the command that deletes it.
  expect(output).toContain(`Pool ${pool} was kept`);
  for (const copy of left) {
    expect(output).toContain(`- ${copy}: copy taken before a rebuild (snapshotBeforeRebuild)`);
    expect(output).toContain(`virsh -c ${LIBVIRT_TEST_URI} vol-delete --pool ${pool} ${copy}`);
  }
  expect(lv.virsh("pool-info", pool)).toMatch(/State:\s+running/);

  // The test removes what the destroy kept: the copy, then the pool.
  for (const copy of left) lv.virsh("vol-delete", "--pool", pool, copy);
  lv.virsh("pool-destroy", pool);
  lv.virsh("pool-undefine", pool);
});
