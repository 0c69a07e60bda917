// Under IncusProviderSource.OFFICIAL, every prop whose promise only the bundled provider keeps is a synth error that
// names the construct path, the prop and why; what Terraform itself carries out (prevent_destroy for PROTECT, a
// plain delete for DESTROY, a stable MAC as the eth0 device's hwaddr) stays allowed and is in the JSON.
import {
  LibvirtHost,
  IncusHost,
  IncusProviderSource,
  Instance,
  Network,
  RemovalPolicy,
  StoragePool,
  Volume,
  VolumeSnapshot,
} from "../../../lib";
import { errorOf, newStack, synth } from "./support";

function officialStack() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab", { providerSource: IncusProviderSource.OFFICIAL });
  const pool = StoragePool.fromName(stack, "pool", host, "default");
  return { stack, host, pool };
}

describe("IncusProviderSource.OFFICIAL", () => {
  it("refuses RemovalPolicy.RETAIN: the official provider would delete the volume", () => {
    const { stack, pool } = officialStack();
    expect(errorOf(() => new Volume(stack, "data", { pool, removalPolicy: RemovalPolicy.RETAIN }))).toMatch(
      /Volume "homelab\/data", prop "removalPolicy": RemovalPolicy\.RETAIN needs the bundled incus provider.*IncusHost "homelab\/lab" uses IncusProviderSource\.OFFICIAL.*would delete it/,
    );
  });

  it("refuses RemovalPolicy.SNAPSHOT: the official provider keeps no final copy", () => {
    const { stack, pool } = officialStack();
    expect(errorOf(() => new Volume(stack, "data", { pool, removalPolicy: RemovalPolicy.SNAPSHOT }))).toMatch(
      /Volume "homelab\/data", prop "removalPolicy": RemovalPolicy\.SNAPSHOT needs the bundled incus provider.*OFFICIAL.*no final copy/,
    );
  });

  it("refuses adoptReleased: the official provider does not adopt", () => {
    const { stack, pool } = officialStack();
    expect(errorOf(() => new Volume(stack, "data", { pool, adoptReleased: true }))).toMatch(
      /Volume "homelab\/data", prop "adoptReleased": adoptReleased needs the bundled incus provider.*OFFICIAL.*does not adopt/,
    );
  });

  it("refuses VolumeSnapshot: the official provider has no incus_storage_volume_snapshot", () => {
    const { stack, pool } = officialStack();
    const volume = new Volume(stack, "data", { pool });
    expect(errorOf(() => new VolumeSnapshot(stack, "snap", { volume }))).toMatch(
      /VolumeSnapshot "homelab\/snap", prop "volume": A VolumeSnapshot needs the bundled incus provider.*OFFICIAL.*no incus_storage_volume_snapshot/,
    );
  });

  it("refuses attach(…, { snapshotBeforeRebuild }): the official provider takes no snapshot", () => {
    const { stack, host, pool } = officialStack();
    const volume = new Volume(stack, "data", { pool });
    const app = new Instance(stack, "app", { host, incus: { image: "debian-13", rootDisk: { pool } } });
    expect(errorOf(() => app.attach(volume, { path: "/data", snapshotBeforeRebuild: 2 }))).toMatch(
      /Instance "homelab\/app", prop "attach": snapshotBeforeRebuild \(of the volume "homelab\/data"\) needs the bundled incus provider.*OFFICIAL.*no snapshot/,
    );
  });

  it("keeps what Terraform itself carries out: PROTECT as prevent_destroy, DESTROY, a stable MAC, a plain attach", () => {
    const { stack, host, pool } = officialStack();
    const kept = new Volume(stack, "kept", { pool, removalPolicy: RemovalPolicy.PROTECT });
    const scratch = new Volume(stack, "scratch", { pool, removalPolicy: RemovalPolicy.DESTROY });
    const app = new Instance(stack, "app", {
      host,
      stableMac: true,
      network: new Network(stack, "net", { host }),
      incus: { image: "debian-13", rootDisk: { pool } },
    });
    app.attach(kept, { path: "/kept", snapshotBeforeRebuild: false });
    app.attach(scratch, { path: "/scratch" });
    const json = synth(stack);
    expect(json.resource.incus_storage_volume.kept.lifecycle.prevent_destroy).toBe(true);
    expect(json.resource.incus_storage_volume.scratch.lifecycle?.prevent_destroy).toBeFalsy();
    const eth0 = json.resource.incus_instance.app.device.find((d: { name: string }) => d.name === "eth0");
    expect(eth0.properties.hwaddr).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
  });

  it("the bundled provider and libvirt are unaffected", () => {
    const stack = newStack();
    const pool = StoragePool.fromName(stack, "pool", new IncusHost(stack, "lab"), "default");
    const volume = new Volume(stack, "data", { pool, removalPolicy: RemovalPolicy.RETAIN, adoptReleased: true });
    new VolumeSnapshot(stack, "snap", { volume });
    const kvm = new LibvirtHost(stack, "kvm");
    new Volume(stack, "disk", {
      pool: StoragePool.fromName(stack, "images", kvm, "default"),
      size: "1GiB",
      removalPolicy: RemovalPolicy.SNAPSHOT,
    });
    expect(() => synth(stack)).not.toThrow();
  });
});
