// Removing a libvirt volume and its attach() in one deploy, through the constructs and the real terraform and
// libvirtd: the running domain of the same stack loses the disk (hot-unplugged on a SCSI bus, without a restart; a
// virtio disk of a guest that cannot unplug it, with one restart), then the volume is deleted (DESTROY) or deleted
// after a final copy (SNAPSHOT) that holds its bytes; the domain keeps its UUID and runs. A domain of no stack
// using the volume stops the delete and is not touched; a replaced volume goes back into the domain in the same apply.
// PROTECT is written as removal_policy = "protect": upgrading a stack deployed before plans only in-place updates (no
// rebuild of the domain that follows the volume), and the provider refuses the delete once the Volume's block is gone.
// RETAIN keeps the bytes and a release record; a second stack adopts the volume with adoptReleased, a third is refused.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TerraformResource, TerraformStack } from "cdktf";
import { Instance, LibvirtHost, RemovalPolicy, StoragePool, Volume, VolumeFormat } from "../../../lib";
import { LIBVIRT_TEST_POOL, LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite, StackRun } from "./support";

jest.setTimeout(600_000);

const lv = libvirtConstructsSuite("lvrm");
const runs: StackRun[] = [];
afterAll(() => runs.forEach((r) => r.cleanup()));

/** A fresh stack (its own state) whose object names start with the suite's prefix. */
function newRun(tag: string): StackRun {
  const run = new StackRun(`${lv.prefix}${tag}`, ["libvirt"]);
  runs.push(run);
  return run;
}

/** Terraform wraps long diagnostics; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

/** A raw image of random bytes in the run's directory, to fill a volume with. */
function contentFile(run: StackRun, size = 1024 * 1024): { path: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  const path = join(run.root, "content.img");
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** The domain's target devices in its live definition. */
function liveDisks(domain: string): string[] {
  return [...lv.virsh("dumpxml", domain).matchAll(/<target dev='([a-z]+)'/g)].map((m) => m[1]).sort();
}

interface Shape {
  readonly withData: boolean;
  readonly policy: RemovalPolicy;
  readonly device: string;
  /** Put the data disk on a SCSI bus (hot-pluggable without the guest's help) through the cdktf escape hatch. */
  readonly scsi?: boolean;
  readonly content?: string;
  /** Attach the data volume to the stack's domain. @default true */
  readonly attach?: boolean;
  /** @default "1MiB" */
  readonly size?: string;
}

function build(shape: Shape) {
  return (stack: TerraformStack) => {
    const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
    const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
    const root = new Volume(stack, "root", {
      pool,
      size: "1MiB",
      libvirt: { format: VolumeFormat.RAW },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const vm = new Instance(stack, "vm", {
      host,
      memory: "64MiB",
      libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 1 },
    });
    vm.attach(root, { path: "vda" });
    if (!shape.withData) return;
    const data = new Volume(stack, "data", {
      pool,
      size: shape.content ? undefined : (shape.size ?? "1MiB"),
      libvirt: { format: VolumeFormat.RAW, sourceUrl: shape.content },
      removalPolicy: shape.policy,
    });
    if (shape.attach === false) return;
    vm.attach(data, { path: shape.device });
    // Disks are ordered by device: sdb comes before vda.
    if (shape.scsi)
      (vm.node.findChild("Default") as TerraformResource).addOverride("devices.disks.0.target.bus", "scsi");
  };
}

/** `cdktf deploy` with guests that get no grace time to power off (they have no OS). */
async function deploy(run: StackRun): Promise<string> {
  await run.init();
  const applied = await run.ok(["apply", "-auto-approve", "-input=false"], {
    CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0",
  });
  const plan = await run.plan();
  if (plan.code !== 0)
    throw new Error(`the plan after deploying ${run.stackName} is not empty (exit ${plan.code}):\n${plan.output}`);
  return applied.output;
}

describe("one-step removal of an attached libvirt volume", () => {
  test("DESTROY, SCSI disk: the running domain loses the disk without a restart, then the volume is deleted", async () => {
    const run = newRun("scsi");
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth(build({ withData: true, policy: RemovalPolicy.DESTROY, device: "sdb", scsi: true }));
    await deploy(run);
    expect(liveDisks(name("vm"))).toEqual(["sdb", "vda"]);
    const before = { uuid: lv.virsh("domuuid", name("vm")), id: lv.virsh("domid", name("vm")) };

    run.synth(build({ withData: false, policy: RemovalPolicy.DESTROY, device: "sdb" }));
    const plan = await run.plan();
    expect(plan.output).toMatch(/libvirt_volume\.data will be destroyed/);
    expect(plan.output).toMatch(/libvirt_domain\.vm will be updated in-place/);
    await deploy(run);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeUndefined();
    expect(lv.virsh("domstate", name("vm"))).toBe("running");
    // Same domain, same QEMU process (a restart gives a new domain id), and the disk is gone live and defined.
    expect(lv.virsh("domuuid", name("vm"))).toBe(before.uuid);
    expect(lv.virsh("domid", name("vm"))).toBe(before.id);
    expect(liveDisks(name("vm"))).toEqual(["vda"]);
    expect(lv.virsh("dumpxml", "--inactive", name("vm"))).not.toContain(name("data"));
    expect((await run.destroy()).code).toBe(0);
  });

  test("SNAPSHOT, virtio disk the guest cannot unplug: one restart without the disk, the volume deleted, the printed command restores the bytes", async () => {
    const run = newRun("virt");
    const name = (id: string) => `${run.stackName}-${id}`;
    const content = contentFile(run);
    run.synth(build({ withData: true, policy: RemovalPolicy.SNAPSHOT, device: "vdb", content: content.path }));
    await deploy(run);
    const uuid = lv.virsh("domuuid", name("vm"));

    run.synth(build({ withData: false, policy: RemovalPolicy.SNAPSHOT, device: "vdb" }));
    const out = flat(await deploy(run));
    const copy = new RegExp(
      `Volume ${LIBVIRT_TEST_POOL}/${name("data")} was deleted; a final copy was kept as ${LIBVIRT_TEST_POOL}/(${name(
        "data",
      )}-final-\\d{8}T\\d{6}Z)`,
    ).exec(out)?.[1];
    expect(copy).toBeDefined();
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeUndefined();
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, copy!)).equals(content.bytes)).toBe(true);
    // The printed restore command brings the bytes back under the old name.
    const restore = /Restore it under the old name with: (virsh -c \S+ vol-clone --pool \S+ \S+ \S+)/.exec(out)?.[1];
    expect(restore).toBe(`virsh -c ${LIBVIRT_TEST_URI} vol-clone --pool ${LIBVIRT_TEST_POOL} ${copy} ${name("data")}`);
    execFileSync("sh", ["-c", restore!], { stdio: "pipe" });
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, name("data"))).equals(content.bytes)).toBe(true);
    await lv.client.volumes.delete(LIBVIRT_TEST_POOL, name("data"));
    expect(lv.virsh("domstate", name("vm"))).toBe("running");
    expect(lv.virsh("domuuid", name("vm"))).toBe(uuid);
    expect(liveDisks(name("vm"))).toEqual(["vda"]);
    expect((await run.destroy()).code).toBe(0);
    await lv.client.volumes.delete(LIBVIRT_TEST_POOL, copy!);
  });

  test("RETAIN, SCSI disk: the volume is kept and the domain's update unplugs the disk live, without a restart", async () => {
    const run = newRun("rsc");
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth(build({ withData: true, policy: RemovalPolicy.RETAIN, device: "sdb", scsi: true }));
    await deploy(run);
    const before = { uuid: lv.virsh("domuuid", name("vm")), id: lv.virsh("domid", name("vm")) };
    run.synth(build({ withData: false, policy: RemovalPolicy.RETAIN, device: "sdb" }));
    await deploy(run);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeDefined();
    expect(lv.virsh("domuuid", name("vm"))).toBe(before.uuid);
    expect(lv.virsh("domid", name("vm"))).toBe(before.id);
    expect(liveDisks(name("vm"))).toEqual(["vda"]);
    expect((await run.destroy()).code).toBe(0);
  });

  test("a replaced volume (shrunk) is plugged back into the running domain in the same apply; the next plan is empty", async () => {
    const run = newRun("rpl");
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth(build({ withData: true, policy: RemovalPolicy.DESTROY, device: "sdb", scsi: true, size: "2MiB" }));
    await deploy(run);
    const id = lv.virsh("domid", name("vm"));
    run.synth(build({ withData: true, policy: RemovalPolicy.DESTROY, device: "sdb", scsi: true, size: "1MiB" }));
    const plan = await run.plan();
    expect(plan.output).toMatch(/libvirt_volume\.data must be replaced/);
    expect(plan.output).not.toMatch(/libvirt_domain\.vm (must be replaced|will be updated)/);
    await deploy(run); // throws unless the plan after it is empty
    expect((await lv.client.volumes.info(LIBVIRT_TEST_POOL, name("data"))).capacity).toBe(1024 * 1024);
    expect(liveDisks(name("vm"))).toEqual(["sdb", "vda"]);
    expect(lv.virsh("domid", name("vm"))).toBe(id);
    expect((await run.destroy()).code).toBe(0);
  });

  test("a running domain of no stack using the volume stops the delete; it is not touched and nothing is deleted", async () => {
    const run = newRun("frgn");
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth(build({ withData: true, policy: RemovalPolicy.DESTROY, device: "sdb", attach: false }));
    await deploy(run);
    // Someone else's domain (no owner marker) uses the data volume.
    const foreign = `${run.stackName}-other`;
    const xml =
      `<domain type='qemu'><name>${foreign}</name><memory unit='MiB'>32</memory><os><type arch='x86_64'>hvm</type></os><devices>` +
      `<disk type='volume' device='disk'><driver name='qemu' type='raw'/><source pool='${LIBVIRT_TEST_POOL}' volume='${name(
        "data",
      )}'/>` +
      `<target dev='sdb' bus='scsi'/></disk></devices></domain>`;
    const file = join(run.root, "other.xml");
    writeFileSync(file, xml);
    lv.virsh("define", file);
    lv.virsh("start", foreign);

    run.synth(build({ withData: false, policy: RemovalPolicy.DESTROY, device: "sdb" }));
    await run.init();
    // The foreign domain is in no configuration: nothing else stops the delete.
    const refused = await run.run(["apply", "-auto-approve", "-input=false"], {
      env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0" },
    });
    expect(refused.code).toBe(1);
    expect(flat(refused.output)).toContain(
      `is in use by running domain ${foreign} (sdb), and the domain carries no cdktf-virt owner marker in its metadata`,
    );
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeDefined();
    expect(liveDisks(foreign)).toEqual(["sdb"]);
    expect(lv.virsh("domstate", foreign)).toBe("running");

    lv.virsh("destroy", foreign);
    lv.virsh("undefine", foreign);
    await deploy(run);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeUndefined();
    expect((await run.destroy()).code).toBe(0);
  });
});

describe("libvirt PROTECT with the state", () => {
  test("upgrading a stack deployed before: only in-place updates (the following domain is not rebuilt); removing the Volume is then refused", async () => {
    const run = newRun("upg");
    const name = (id: string) => `${run.stackName}-${id}`;
    const current = (withData: boolean) => (stack: TerraformStack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
      const vm = new Instance(stack, "vm", {
        host,
        memory: "64MiB",
        libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 1 },
      });
      if (!withData) return;
      const data = new Volume(stack, "data", { pool, size: "1MiB", libvirt: { format: VolumeFormat.RAW } }); // PROTECT
      vm.attach(data, { path: "vdb", rebuildOnChange: true });
    };
    // What earlier versions wrote: no removal_policy or owner on the volume, the domain following the whole volume.
    run.synth(current(true));
    const file = join(run.stackDir, "cdk.tf.json");
    const json = JSON.parse(readFileSync(file, "utf8"));
    const [volumeId] = Object.keys(json.resource.libvirt_volume);
    const [domainId] = Object.keys(json.resource.libvirt_domain);
    delete json.resource.libvirt_volume[volumeId].removal_policy;
    delete json.resource.libvirt_volume[volumeId].owner;
    json.resource.libvirt_domain[domainId].lifecycle = { replace_triggered_by: [`libvirt_volume.${volumeId}`] };
    writeFileSync(file, JSON.stringify(json, null, 2));
    await deploy(run);
    const uuid = lv.virsh("domuuid", name("vm"));

    run.synth(current(true));
    const plan = await run.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/libvirt_volume\.data will be updated in-place/);
    expect(plan.output).toContain('+ removal_policy = "protect"');
    expect(plan.output).not.toMatch(/must be replaced|will be destroyed/);
    expect(plan.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    await deploy(run);
    expect(lv.virsh("domuuid", name("vm"))).toBe(uuid);

    // The Volume's block (and with it prevent_destroy) is gone: the provider refuses from the state.
    run.synth(current(false));
    const refused = await run.plan();
    expect(refused.code).toBe(1);
    expect(flat(refused.output)).toContain(`Volume ${LIBVIRT_TEST_POOL}/${name("data")} is protected`);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, name("data"))).toBeDefined();
  });
});

describe("RETAIN and adoptReleased on libvirt", () => {
  test("a retained volume keeps its bytes with a release record; a second stack adopts it with adoptReleased; a volume without a record is refused", async () => {
    const first = newRun("ret");
    const volume = `${first.stackName}-data`;
    const content = contentFile(first);
    first.synth(build({ withData: true, policy: RemovalPolicy.RETAIN, device: "vdb", content: content.path }));
    await deploy(first);
    first.synth(build({ withData: false, policy: RemovalPolicy.RETAIN, device: "vdb" }));
    const out = flat(await deploy(first));
    expect(out).toContain(`Volume ${LIBVIRT_TEST_POOL}/${volume} was kept (removal policy retain)`);
    expect((await first.ok(["state", "list"])).output).not.toMatch(/libvirt_volume\.data/);
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, volume)).equals(content.bytes)).toBe(true);
    const record = `${volume}.cdktf-virt-released`;
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, record)).toString("utf8")).toBe(
      `released:${first.stackName}/data\n`,
    );

    // A second stack takes it over by name, on purpose, and attaches it to its own domain.
    const adopter = (stack: TerraformStack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
      const vm = new Instance(stack, "vm", {
        host,
        memory: "64MiB",
        libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 1 },
      });
      const data = new Volume(stack, "data", {
        pool,
        name: volume,
        size: "1MiB",
        libvirt: { format: VolumeFormat.RAW },
        removalPolicy: RemovalPolicy.DESTROY,
        adoptReleased: true,
      });
      vm.attach(data, { path: "vdb" });
    };
    const second = newRun("adp");
    second.synth(adopter);
    expect(flat(await deploy(second))).toContain(`Volume ${LIBVIRT_TEST_POOL}/${volume} was adopted`);
    expect((await second.ok(["state", "list"])).output).toMatch(/libvirt_volume\.data/);
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, volume)).equals(content.bytes)).toBe(true);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, record)).toBeUndefined();
    expect(lv.virsh("dumpxml", `${second.stackName}-vm`)).toContain(`volume='${volume}'`);

    // A third stack asking for it: it has no release record any more (a live stack owns it), so it is refused.
    const third = newRun("thr");
    third.synth(adopter);
    await third.init();
    const refused = await third.run(["apply", "-auto-approve", "-input=false"], {
      env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0" },
    });
    expect(refused.code).toBe(1);
    expect(flat(refused.output)).toContain(
      `this one has no release record (${LIBVIRT_TEST_POOL}/${record}): it was not released`,
    );
    expect((await lv.client.volumes.download(LIBVIRT_TEST_POOL, volume)).equals(content.bytes)).toBe(true);
    await third.run(["destroy", "-auto-approve", "-input=false"], {
      env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0" },
    });

    expect(
      (
        await second.run(["destroy", "-auto-approve", "-input=false"], {
          env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0" },
        })
      ).code,
    ).toBe(0);
    expect(await lv.client.volumes.find(LIBVIRT_TEST_POOL, volume)).toBeUndefined();
    expect((await first.destroy()).code).toBe(0);
  });
});
