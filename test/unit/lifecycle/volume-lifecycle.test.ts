import {
  instanceLifecycleBlock,
  instanceProtectionConfig,
  LifecyclePolicyError,
  resolveVolumeProtection,
  tooFewAttachments,
  tooManyAttachments,
  VOLUME_LIFECYCLE_RULES,
  VolumeLifecycle,
  volumeLifecycleBlock,
} from "../../../lib/lifecycle";

describe("the lifecycle table", () => {
  it("matches the documented model", () => {
    expect(VOLUME_LIFECYCLE_RULES[VolumeLifecycle.EPHEMERAL]).toMatchObject({
      minAttachments: 1,
      maxAttachments: 1,
      replacedWithInstance: true,
      defaultProtect: false,
    });
    expect(VOLUME_LIFECYCLE_RULES[VolumeLifecycle.PERSISTENT]).toMatchObject({
      minAttachments: 0,
      maxAttachments: 1,
      replacedWithInstance: false,
      defaultProtect: true,
    });
    expect(VOLUME_LIFECYCLE_RULES[VolumeLifecycle.SHARED]).toMatchObject({
      minAttachments: 0,
      maxAttachments: Infinity,
      replacedWithInstance: false,
      defaultProtect: true,
    });
  });
});

describe("resolveVolumeProtection", () => {
  it("defaults to protected for PERSISTENT and SHARED, unprotected for EPHEMERAL", () => {
    expect(resolveVolumeProtection(VolumeLifecycle.PERSISTENT, undefined)).toBe(true);
    expect(resolveVolumeProtection(VolumeLifecycle.SHARED, undefined)).toBe(true);
    expect(resolveVolumeProtection(VolumeLifecycle.EPHEMERAL, undefined)).toBe(false);
  });

  it("lets protect: false lift the guard", () => {
    expect(resolveVolumeProtection(VolumeLifecycle.PERSISTENT, false)).toBe(false);
    expect(resolveVolumeProtection(VolumeLifecycle.SHARED, false)).toBe(false);
  });

  it("rejects protect: true on an EPHEMERAL volume, saying what to use instead", () => {
    expect(() => resolveVolumeProtection(VolumeLifecycle.EPHEMERAL, true)).toThrow(LifecyclePolicyError);
    expect(() => resolveVolumeProtection(VolumeLifecycle.EPHEMERAL, true)).toThrow(/Use VolumeLifecycle.PERSISTENT/);
  });

  it("rejects an unknown kind", () => {
    expect(() => resolveVolumeProtection("FOREVER" as VolumeLifecycle, undefined)).toThrow(
      /unknown volume lifecycle "FOREVER".*EPHEMERAL, PERSISTENT, SHARED/,
    );
  });
});

describe("volumeLifecycleBlock", () => {
  it("EPHEMERAL → replace_triggered_by the generation anchor, no prevent_destroy", () => {
    expect(
      volumeLifecycleBlock({
        kind: VolumeLifecycle.EPHEMERAL,
        protect: false,
        generationAnchor: "terraform_data.db_gen",
      }),
    ).toEqual({
      replaceTriggeredBy: ["terraform_data.db_gen"],
    });
  });

  it("PERSISTENT and SHARED → prevent_destroy unless unprotected", () => {
    expect(volumeLifecycleBlock({ kind: VolumeLifecycle.PERSISTENT, protect: true })).toEqual({ preventDestroy: true });
    expect(volumeLifecycleBlock({ kind: VolumeLifecycle.SHARED, protect: true })).toEqual({ preventDestroy: true });
    expect(volumeLifecycleBlock({ kind: VolumeLifecycle.PERSISTENT, protect: false })).toBeUndefined();
  });

  it("a persistent volume never follows an anchor even if given one", () => {
    expect(
      volumeLifecycleBlock({ kind: VolumeLifecycle.PERSISTENT, protect: true, generationAnchor: "terraform_data.x" }),
    ).toEqual({ preventDestroy: true });
  });

  it("adds extra triggers (an overlay's base), sorted and de-duplicated", () => {
    expect(
      volumeLifecycleBlock({
        kind: VolumeLifecycle.PERSISTENT,
        protect: true,
        replaceWhenChanged: ["libvirt_volume.z", "libvirt_volume.a", "libvirt_volume.z"],
      }),
    ).toEqual({ preventDestroy: true, replaceTriggeredBy: ["libvirt_volume.a", "libvirt_volume.z"] });
  });

  it("refuses an impossible combination here too", () => {
    expect(() => volumeLifecycleBlock({ kind: VolumeLifecycle.EPHEMERAL, protect: true })).toThrow(
      LifecyclePolicyError,
    );
  });
});

describe("instanceLifecycleBlock", () => {
  it("is empty for an unprotected instance without couplings", () => {
    expect(instanceLifecycleBlock({ protect: false })).toBeUndefined();
  });

  it("protects, follows the anchor and the rebuildOnChange volumes", () => {
    expect(
      instanceLifecycleBlock({
        protect: true,
        generationAnchor: "terraform_data.gen",
        rebuildOnChangeOf: ["incus_storage_volume.data"],
      }),
    ).toEqual({ preventDestroy: true, replaceTriggeredBy: ["incus_storage_volume.data", "terraform_data.gen"] });
  });

  it("maps protection to Incus delete protection", () => {
    expect(instanceProtectionConfig(true)).toEqual({ "security.protection.delete": "true" });
    expect(instanceProtectionConfig(false)).toEqual({});
  });
});

describe("attachment rules", () => {
  it("an ephemeral volume belongs to exactly one instance", () => {
    expect(tooManyAttachments(VolumeLifecycle.EPHEMERAL, ["s/a"])).toBeUndefined();
    expect(tooManyAttachments(VolumeLifecycle.EPHEMERAL, ["s/a", "s/b"])).toMatch(
      /attached to "s\/a" and "s\/b".*VolumeLifecycle.SHARED/,
    );
    expect(tooFewAttachments(VolumeLifecycle.EPHEMERAL, [])).toMatch(/attached to none.*instance.attach/);
    expect(tooFewAttachments(VolumeLifecycle.EPHEMERAL, ["s/a"])).toBeUndefined();
  });

  it("a persistent volume has at most one instance; shared any number; neither needs one", () => {
    expect(tooManyAttachments(VolumeLifecycle.PERSISTENT, ["s/a", "s/b"])).toMatch(
      /PERSISTENT volume may be attached to at most 1 instance/,
    );
    expect(tooManyAttachments(VolumeLifecycle.SHARED, ["a", "b", "c", "d"])).toBeUndefined();
    expect(tooFewAttachments(VolumeLifecycle.PERSISTENT, [])).toBeUndefined();
    expect(tooFewAttachments(VolumeLifecycle.SHARED, [])).toBeUndefined();
  });
});
