// VolumeSnapshot on the synthesized JSON: an incus_storage_volume_snapshot naming the volume (a reference, so it is
// created after it), its pool, project and remote; the cases that cannot work are synth errors naming the path.
import {
  IncusHost,
  Instance,
  LibvirtHost,
  Project,
  StoragePool,
  Volume,
  VolumeLifecycle,
  VolumeSnapshot,
} from "../../../lib";
import type { IHost } from "../../../lib";
import { errorOf, newStack, resource, synth } from "./support";

function incus() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  return { stack, host, pool };
}

describe("VolumeSnapshot", () => {
  it("compiles to incus_storage_volume_snapshot on the volume, with a default name from the construct path", () => {
    const { stack, pool } = incus();
    const data = new Volume(stack, "pgdata", { pool, size: "1GiB" });
    const snap = new VolumeSnapshot(stack, "before-upgrade", {
      volume: data,
      description: "before 17",
      expiresAt: "2030-01-31T12:00:00Z",
    });
    expect(snap.volume).toBe(data);
    expect(resource(synth(stack), "incus_storage_volume_snapshot", "before-upgrade")).toEqual({
      name: "homelab-before-upgrade",
      pool: "${incus_storage_pool.pool.name}",
      volume: "${incus_storage_volume.pgdata.name}",
      description: "before 17",
      expires_at: "2030-01-31T12:00:00Z",
      remote: "lab",
    });
  });

  it("takes a name, a volume of another project and a Volume.fromName volume", () => {
    const { stack, host, pool } = incus();
    const project = new Project(stack, "proj", { host });
    const data = new Volume(stack, "data", { pool, incus: { project } });
    new VolumeSnapshot(stack, "s1", { volume: data, name: "nightly-0" });
    const existing = Volume.fromName(stack, "old", { pool, name: "legacy" });
    new VolumeSnapshot(stack, "s2", { volume: existing, name: "keep" });
    const json = synth(stack);
    const s1 = resource(json, "incus_storage_volume_snapshot", "s1");
    expect(s1.name).toBe("nightly-0");
    expect(s1.project).toBe("${incus_project.proj.name}");
    expect(resource(json, "incus_storage_volume_snapshot", "s2")).toMatchObject({ name: "keep", volume: "legacy" });
  });

  it("rejects libvirt, EPHEMERAL volumes, rebuild- names, bad times and a name used twice on the volume", () => {
    const { stack, host, pool } = incus();
    const data = new Volume(stack, "data", { pool });
    const eph = new Volume(stack, "eph", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    new Instance(stack, "vm", { host, incus: { image: "x" } }).attach(eph, { path: "/e" });
    expect(errorOf(() => new VolumeSnapshot(stack, "a", { volume: eph }))).toMatch(
      /VolumeSnapshot "homelab\/a", prop "volume": .*EPHEMERAL/,
    );
    expect(errorOf(() => new VolumeSnapshot(stack, "b", { volume: data, name: "rebuild-x-1" }))).toMatch(
      /prop "name": .*snapshotBeforeRebuild/,
    );
    expect(errorOf(() => new VolumeSnapshot(stack, "c", { volume: data, expiresAt: "tomorrow" }))).toMatch(
      /prop "expiresAt": "tomorrow" is not an RFC 3339 time/,
    );
    expect(errorOf(() => new VolumeSnapshot(stack, "d", { volume: data, name: "a/b" }))).toMatch(/prop "name"/);
    new VolumeSnapshot(stack, "e", { volume: data, name: "same" });
    expect(errorOf(() => new VolumeSnapshot(stack, "f", { volume: data, name: "same" }))).toMatch(
      /"same" is already the name of VolumeSnapshot "homelab\/e"/,
    );

    const lstack = newStack();
    const kvm = new LibvirtHost(lstack, "kvm");
    const images = new StoragePool<IHost>(lstack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
    const disk = new Volume(lstack, "disk", { pool: images, size: "1GiB" });
    expect(errorOf(() => new VolumeSnapshot(lstack, "s", { volume: disk }))).toMatch(
      /VolumeSnapshot "homelab\/s", prop "volume": .*libvirt host; VolumeSnapshot is Incus only/,
    );
  });
});
