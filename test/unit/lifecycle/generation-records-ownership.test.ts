// The pure rules behind generation anchors and volume records, and the ownership marker.
import { TerraformStack, Testing } from "cdktf";
import { Construct } from "constructs";
import { IncusStorageVolumeResource } from "../../../lib/bindings";
import {
  frozenRecordPaths,
  generationFollows,
  generationTriggers,
  incusOwnershipConfig,
  joinsGeneration,
  libvirtOwnerMetadataXml,
  ownerMarker,
  VolumeLifecycle,
  volumeLifecycleBlock,
  volumeRecord,
} from "../../../lib/lifecycle";
import { resourceAddress } from "../../../lib/lifecycle/references";

describe("generation rules", () => {
  it("only EPHEMERAL volumes join their instance's generation", () => {
    expect(joinsGeneration(VolumeLifecycle.EPHEMERAL)).toBe(true);
    expect(joinsGeneration(VolumeLifecycle.PERSISTENT)).toBe(false);
    expect(joinsGeneration(VolumeLifecycle.SHARED)).toBe(false);
  });

  it("the anchor's triggers are keyed by meaningful names, sorted, without undefined values", () => {
    const triggers = generationTriggers(
      { type: "container", image: "debian", project: undefined, remote: "lab" },
      new Map([
        ["tmp", { name: "s-tmp", pool: "p" }],
        ["cache", { pool: "p", name: "s-cache" }],
      ]),
    );
    expect(triggers).toEqual({
      instance: { image: "debian", remote: "lab", type: "container" },
      ephemeral_volumes: { cache: { name: "s-cache", pool: "p" }, tmp: { name: "s-tmp", pool: "p" } },
    });
    expect(Object.keys(triggers.ephemeral_volumes as object)).toEqual(["cache", "tmp"]);
    expect(Object.keys(triggers.instance as object)).toEqual(["image", "remote", "type"]);
  });

  it("the anchor follows bases of ephemeral overlays and rebuildOnChange volumes, never an ephemeral volume", () => {
    const follows = generationFollows([
      {
        kind: VolumeLifecycle.EPHEMERAL,
        rebuildOnChange: true,
        changeReferences: ["libvirt_volume.root.id"],
        baseChangeReferences: ["libvirt_volume.base.id", "libvirt_volume.base.capacity"],
      },
      { kind: VolumeLifecycle.PERSISTENT, rebuildOnChange: true, changeReferences: ["libvirt_volume.data.id"] },
      { kind: VolumeLifecycle.SHARED, rebuildOnChange: false, changeReferences: ["libvirt_volume.shared.id"] },
      {
        kind: VolumeLifecycle.EPHEMERAL,
        rebuildOnChange: false,
        changeReferences: ["libvirt_volume.tmp.id"],
        baseChangeReferences: ["libvirt_volume.base.id"],
      },
      // a volume the stack does not manage has nothing to follow
      { kind: VolumeLifecycle.SHARED, rebuildOnChange: true },
    ]);
    expect(follows).toEqual(["libvirt_volume.base.capacity", "libvirt_volume.base.id", "libvirt_volume.data.id"]);
  });

  it("resource addresses are plain strings (never ${…})", () => {
    const stack = new TerraformStack(Testing.app(), "s");
    const base = new IncusStorageVolumeResource(new Construct(stack, "v"), "Default", { name: "b", pool: "p" });
    expect(resourceAddress(base)).toMatch(/^incus_storage_volume\.v(_Default)?(_[0-9A-F]{8})?$/);
  });
});

describe("volume records", () => {
  it("record the lifecycle kind in lower case under user.cdktf-virt.lifecycle", () => {
    expect(volumeRecord({ kind: VolumeLifecycle.EPHEMERAL })).toEqual({ "user.cdktf-virt.lifecycle": "ephemeral" });
    expect(volumeRecord({ kind: VolumeLifecycle.SHARED })).toEqual({ "user.cdktf-virt.lifecycle": "shared" });
  });

  it("the lifecycle key is left as created on a followed volume (ignore_changes), so adding it rebuilds nothing", () => {
    const record = volumeRecord({ kind: VolumeLifecycle.PERSISTENT });
    expect(frozenRecordPaths(record)).toEqual(['config["user.cdktf-virt.lifecycle"]']);
    expect(
      volumeLifecycleBlock({
        kind: VolumeLifecycle.PERSISTENT,
        protect: true,
        ignoreChanges: frozenRecordPaths(record),
      }),
    ).toEqual({
      preventDestroy: true,
      ignoreChanges: ['config["user.cdktf-virt.lifecycle"]'],
    });
    expect(
      volumeLifecycleBlock({ kind: VolumeLifecycle.PERSISTENT, protect: false, ignoreChanges: [] }),
    ).toBeUndefined();
  });
});

describe("ownership marker", () => {
  it("is <stack>/<construct path>", () => {
    const stack = new TerraformStack(Testing.app(), "homelab");
    const db = new Construct(new Construct(stack, "app"), "db");
    expect(ownerMarker(db)).toBe("homelab/app/db");
    expect(incusOwnershipConfig(db)).toEqual({ "user.cdktf-virt.owner": "homelab/app/db" });
    expect(incusOwnershipConfig(db, true)).toEqual({
      "user.cdktf-virt.owner": "homelab/app/db",
      "user.cdktf-virt.protect": "true",
    });
  });

  it("is carried in libvirt metadata in the cdktf-virt namespace, XML-escaped", () => {
    const stack = new TerraformStack(Testing.app(), "lab");
    const vm = new Construct(stack, "a&b<c>");
    expect(libvirtOwnerMetadataXml(vm)).toBe(
      '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">lab/a&amp;b&lt;c&gt;</cdktf-virt:owner>',
    );
  });
});
