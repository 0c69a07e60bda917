// The virsh command the apply prints for a snapshot before rebuild on libvirt runs as printed, through a shell, and
// brings the bytes of before the rebuild back as a volume of their own.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Instance, LibvirtHost, RemovalPolicy, StoragePool, Volume, VolumeFormat } from "../../../lib";
import { LIBVIRT_TEST_POOL, LIBVIRT_TEST_URI } from "../../support/libvirt";
import { printedCommands, sh } from "./printed-commands";
import { libvirtConstructsSuite } from "./support";

jest.setTimeout(600_000);

const lv = libvirtConstructsSuite("lvrcmd");

test("snapshotBeforeRebuild on libvirt: the apply names the copy, and the printed virsh command restores its bytes", async () => {
  const name = (id: string) => `${lv.stackName}-${id}`;
  const bytes = randomBytes(1024 * 1024);
  const content = join(lv.run.root, "data.img");
  writeFileSync(content, bytes);
  // A new domain name replaces the domain (this machine has no KVM, so a hypervisor change cannot be used).
  const synth = (domainName: string) =>
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
        name: domainName,
        memory: "64MiB",
        libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 0 },
      });
      vm.attach(data, { path: "vdb", snapshotBeforeRebuild: 1 });
    });
  synth(name("vm"));
  await lv.run.deploy();

  synth(name("vm2"));
  const out = await lv.run.deploy();
  const copy = new RegExp(
    `snapshot before rebuild kept as ${LIBVIRT_TEST_POOL}/(${name("data")}\\.rebuild-${name("vm")}-(\\d{8}T\\d{6}Z))`,
  ).exec(out);
  expect(copy).not.toBeNull();
  const restored = `${name("data")}.restored-${copy![2]}`;
  const commands = printedCommands(out, "virsh");
  expect(commands).toEqual([
    `virsh -c ${LIBVIRT_TEST_URI} vol-clone --pool ${LIBVIRT_TEST_POOL} ${copy![1]} ${restored}`,
  ]);
  for (const command of commands) sh(command);
  expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, restored)).equals(bytes)).toBe(true);
  await lv.client.volumes.delete(LIBVIRT_TEST_POOL, restored);
  expect((await lv.run.destroy()).code).toBe(0);
});
