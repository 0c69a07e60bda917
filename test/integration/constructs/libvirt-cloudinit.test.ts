// libvirt: { cloudInit } through the constructs and terraform on the real libvirtd: the seed ISO lands in the pool
// with the user data (read back with isoinfo); a user-data change rebuilds the domain, the seed and the EPHEMERAL
// root overlay together (new UUID, new bytes), with an empty plan after each deploy; destroy removes the seed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Instance, LibvirtHost, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import type { LibvirtClient } from "../../../lib/libvirt";
import {
  cleanupLibvirt,
  LIBVIRT_TEST_HYPERVISOR,
  LIBVIRT_TEST_POOL,
  LIBVIRT_TEST_URI,
  libvirtTestPrefix,
  requireLibvirt,
} from "../../support/libvirt";
import { StackRun } from "./support";

const prefix = libvirtTestPrefix("cin");
const stackName = prefix.replace(/-$/, "");
let client: LibvirtClient;
let run: StackRun;
let scratch: string;

beforeAll(async () => {
  client = await requireLibvirt();
  run = new StackRun(stackName, ["libvirt"]);
  scratch = mkdtempSync(join(tmpdir(), "cloudinit-it-"));
});

afterAll(async () => {
  try {
    await cleanupLibvirt(client, prefix);
  } finally {
    run?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
});

function synth(userData: string): void {
  run.synth((stack) => {
    const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
    const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
    const root = new Volume(stack, "root", { pool, size: "16MiB", lifecycle: VolumeLifecycle.EPHEMERAL });
    const vm = new Instance(stack, "vm", {
      host,
      memory: "64MiB",
      libvirt: {
        hypervisor: LIBVIRT_TEST_HYPERVISOR,
        shutdownTimeoutSeconds: 0,
        cloudInit: { userData, metaData: `instance-id: ${stackName}\n` },
      },
    });
    vm.attach(root, { path: "vda" });
  });
}

/** The user-data file of the seed volume, as isoinfo reads it from the volume's bytes. */
async function seedUserData(name: string): Promise<string> {
  const file = join(scratch, "seed.iso");
  writeFileSync(file, await client.volumes.download(LIBVIRT_TEST_POOL, name));
  return execFileSync("isoinfo", ["-J", "-x", "/user-data", "-i", file], { encoding: "utf8" });
}

test("cloudInit on a libvirt Instance: deploy, rebuild on a user-data change, destroy", async () => {
  const domain = `${stackName}-vm`;
  const seed = `${domain}-cloudinit.iso`;
  synth("#cloud-config\nhostname: one\n");
  await run.deploy();
  const before = await client.domains.info(domain);
  expect(before.state).toBe("running");
  expect(before.disks.map((d) => [d.device, d.target.dev])).toEqual([
    ["disk", "vda"],
    ["cdrom", "sda"],
  ]);
  expect(await seedUserData(seed)).toBe("#cloud-config\nhostname: one\n");

  synth("#cloud-config\nhostname: two\n");
  const plan = await run.plan();
  for (const address of ["libvirt_domain.vm", "libvirt_volume.root", /libvirt_cloudinit_disk\.\S+/]) {
    expect(plan.output).toMatch(
      new RegExp(
        `${typeof address === "string" ? address.replace(".", "\\.") : address.source} (must|will) be replaced`,
      ),
    );
  }
  await run.deploy();
  const after = await client.domains.info(domain);
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.state).toBe("running");
  expect(await seedUserData(seed)).toBe("#cloud-config\nhostname: two\n");

  expect((await run.destroy()).code).toBe(0);
  expect(await client.volumes.find(LIBVIRT_TEST_POOL, seed)).toBeUndefined();
  expect(await client.domains.find(domain)).toBeUndefined();
});
