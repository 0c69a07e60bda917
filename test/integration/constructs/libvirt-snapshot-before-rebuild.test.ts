// snapshotBeforeRebuild on libvirt through the constructs and the real terraform and libvirtd: a domain rebuilt by a
// change of its cloud-init user data first has its data volume copied (after the guest stopped) to
// "<volume>.rebuild-<domain>-<stamp>", which holds the bytes as they were; with a count of 2, the third rebuild
// removes the oldest copy. The data volume itself is the same file throughout.
// The rebuild trigger keeps the domain's name (copies are counted per domain name) and works with or without KVM
// (a change of the hypervisor type needs KVM on one side).
import { randomBytes } from "node:crypto";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Instance, LibvirtHost, RemovalPolicy, StoragePool, Volume, VolumeFormat } from "../../../lib";
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_POOL, LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

jest.setTimeout(600_000);

const lv = libvirtConstructsSuite("lvsbr");

test("a rebuilt domain's data volume is copied first; the newest 2 copies are kept", async () => {
  const name = (id: string) => `${lv.stackName}-${id}`;
  const bytes = randomBytes(1024 * 1024);
  const content = join(lv.run.root, "data.img");
  writeFileSync(content, bytes);
  const synth = (generation: number) =>
    lv.run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
      const data = new Volume(stack, "data", {
        pool,
        libvirt: { format: VolumeFormat.RAW, sourceUrl: content },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const vm = new Instance(stack, "vm", {
        host,
        memory: "64MiB",
        libvirt: {
          hypervisor: LIBVIRT_TEST_HYPERVISOR,
          shutdownTimeoutSeconds: 0,
          cloudInit: { userData: `#cloud-config\n# generation ${generation}\n` },
        },
      });
      vm.attach(data, { path: "vdb", snapshotBeforeRebuild: 2 });
    });
  const copies = async () =>
    (await lv.client.volumes.list(LIBVIRT_TEST_POOL))
      .map((v) => v.name)
      .filter((n) => n.startsWith(`${name("data")}.rebuild-${name("vm")}-`))
      .sort();

  synth(0);
  await lv.run.deploy();
  expect(lv.virsh("dumpxml", name("vm"))).toContain("rebuild-snapshots");
  const dataFile = (await lv.client.volumes.info(LIBVIRT_TEST_POOL, name("data"))).path!;
  const inode = statSync(dataFile).ino;

  const made: string[][] = [];
  for (const generation of [1, 2, 3]) {
    synth(generation);
    const plan = await lv.run.plan();
    expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/); // "will": through the generation anchor
    expect(plan.output).not.toMatch(/libvirt_volume\.data (must be replaced|will be destroyed)/);
    const out = (await lv.run.deploy()).replace(/\s+/g, " ");
    expect(out).toContain(`Domain ${name("vm")}: snapshot before rebuild kept`);
    made.push(await copies());
    expect(lv.virsh("domstate", name("vm"))).toBe("running");
    await new Promise((r) => setTimeout(r, 1100)); // copies are named to the second
  }
  expect(made.map((c) => c.length)).toEqual([1, 2, 2]);
  // The third rebuild removed the first copy and kept the two newest.
  expect(made[2]).not.toContain(made[0][0]);
  expect(made[2]).toContain(made[1][1]);
  for (const copy of made[2]) {
    expect(copy).toMatch(new RegExp(`^${name("data")}\\.rebuild-${name("vm")}-\\d{8}T\\d{6}Z$`));
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, copy)).equals(bytes)).toBe(true);
  }
  expect(statSync(dataFile).ino).toBe(inode);

  expect((await lv.run.destroy()).code).toBe(0);
});
