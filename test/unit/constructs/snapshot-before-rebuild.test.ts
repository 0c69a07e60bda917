// attach(volume, { snapshotBeforeRebuild }) on the synthesized JSON: the retention count lands in the Incus volume's
// config (computed at synth from the attachments), and the combinations that cannot work are synth errors.
import { IncusHost, Instance, LibvirtHost, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { errorOf, newStack, resource, synth } from "./support";

const KEY = "user.cdktf-virt.snapshot-before-rebuild";

function incus() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  const vm = (id: string) => new Instance(stack, id, { host, incus: { image: "debian-13" } });
  return { stack, host, pool, vm };
}

describe("snapshotBeforeRebuild", () => {
  it("true keeps 3; a number says how many; unset writes nothing", () => {
    const { stack, pool, vm } = incus();
    const a = new Volume(stack, "a", { pool });
    const b = new Volume(stack, "b", { pool });
    const c = new Volume(stack, "c", { pool });
    const db = vm("db");
    db.attach(a, { path: "/a", snapshotBeforeRebuild: true });
    db.attach(b, { path: "/b", snapshotBeforeRebuild: 5, rebuildOnChange: true });
    db.attach(c, { path: "/c" });
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "a").config[KEY]).toBe("3");
    expect(resource(json, "incus_storage_volume", "b").config[KEY]).toBe("5");
    expect(resource(json, "incus_storage_volume", "c").config[KEY]).toBeUndefined();
    // The other keys are untouched.
    expect(resource(json, "incus_storage_volume", "a").config["user.cdktf-virt.owner"]).toBe("homelab/a");
    expect(resource(json, "incus_storage_volume", "a").config["user.cdktf-virt.protect"]).toBe("true");
  });

  it("false writes nothing", () => {
    const { stack, pool, vm } = incus();
    vm("db").attach(new Volume(stack, "a", { pool }), { path: "/a", snapshotBeforeRebuild: false });
    expect(resource(synth(stack), "incus_storage_volume", "a").config[KEY]).toBeUndefined();
  });

  it("a SHARED volume on several instances keeps the largest count", () => {
    const { stack, pool, vm } = incus();
    const shared = new Volume(stack, "s", { pool, lifecycle: VolumeLifecycle.SHARED });
    vm("x").attach(shared, { path: "/s", snapshotBeforeRebuild: 2 });
    vm("y").attach(shared, { path: "/s", snapshotBeforeRebuild: 4 });
    vm("z").attach(shared, { path: "/s" });
    expect(resource(synth(stack), "incus_storage_volume", "s").config[KEY]).toBe("4");
  });

  it("is the same across synths (deterministic)", () => {
    const build = () => {
      const { stack, pool, vm } = incus();
      vm("db").attach(new Volume(stack, "a", { pool }), { path: "/a", snapshotBeforeRebuild: 2 });
      return synth(stack);
    };
    expect(build()).toEqual(build());
  });

  it("EPHEMERAL, Volume.fromName (Incus) and a bad count are synth errors naming the instance", () => {
    const { stack, pool, vm } = incus();
    const e = new Volume(stack, "e", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    expect(errorOf(() => vm("a").attach(e, { path: "/e", snapshotBeforeRebuild: true }))).toMatch(
      /Instance "homelab\/a", prop "attach": snapshotBeforeRebuild: the volume "homelab\/e" is EPHEMERAL/,
    );
    const imported = Volume.fromName(stack, "imp", { pool, name: "existing" });
    expect(errorOf(() => vm("b").attach(imported, { path: "/i", snapshotBeforeRebuild: 1 }))).toMatch(
      /not managed by this stack \(Volume.fromName\)/,
    );
    for (const bad of [0, -1, 1.5]) {
      expect(
        errorOf(() =>
          vm(`c${String(bad).replace(/\W/g, "")}`).attach(
            new Volume(stack, `v${String(bad).replace(/\W/g, "")}`, { pool }),
            { path: "/v", snapshotBeforeRebuild: bad },
          ),
        ),
      ).toMatch(/snapshotBeforeRebuild of the volume .* is .*; use true \(keeps 3\), a whole number ≥ 1/);
    }
  });

  it("libvirt: the domain's metadata asks for copies of each volume (a Volume or one from Volume.fromName), with the count", () => {
    const lstack = newStack();
    const kvm = new LibvirtHost(lstack, "kvm");
    const images = new StoragePool(lstack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
    const data = new Volume(lstack, "data", { pool: images, size: "1GiB" });
    const other = Volume.fromName(lstack, "other", { pool: images, name: "existing" });
    const plain = new Volume(lstack, "plain", { pool: images, size: "1GiB" });
    const dom = new Instance(lstack, "vm", { host: kvm });
    dom.attach(data, { path: "vdb", snapshotBeforeRebuild: true });
    dom.attach(other, { path: "vdc", snapshotBeforeRebuild: 5 });
    dom.attach(plain, { path: "vdd" });
    const domain = resource(synth(lstack), "libvirt_domain", "vm");
    const ns = 'xmlns:cdktf-virt-rs="https://cdktf-virt.dev/xmlns/rebuild-snapshots"';
    expect(domain.metadata.xml).toBe(
      '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">homelab/vm</cdktf-virt:owner>' +
        `<cdktf-virt-rs:rebuild-snapshots ${ns}>` +
        '<cdktf-virt-rs:volume pool="${libvirt_pool.images.name}" name="${libvirt_volume.data.name}" keep="3"/>' +
        '<cdktf-virt-rs:volume pool="${libvirt_pool.images.name}" name="existing" keep="5"/>' +
        "</cdktf-virt-rs:rebuild-snapshots>",
    );
    // The volumes themselves carry nothing (libvirt volumes have no metadata).
    expect(resource(synth(lstack), "libvirt_volume", "data")).not.toHaveProperty("config");
  });

  it("the key is not user config", () => {
    const { stack, pool } = incus();
    expect(errorOf(() => new Volume(stack, "a", { pool, incus: { config: { [KEY]: "2" } } }))).toMatch(
      /snapshotBeforeRebuild/,
    );
  });
});
