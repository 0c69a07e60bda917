// Pure rules behind the removal policies: policy and retention parsing, the names of what the providers leave
// behind, the released-marker adoption rule, used_by decoding, which devices attach a volume, what a planned
// delete says (or refuses), and the restore command.
import { attachedCustomVolumes, volumeDeviceNames } from "../../../lib/incus/volume-attachments";
import { parseUsedBy } from "../../../lib/incus/used-by";
import { Diagnostics } from "../../../lib/provider/framework";
import { adoptOrFail } from "../../../lib/provider/incus/common";
import { restoreCommand } from "../../../lib/provider/incus/storage/volume-removal";
import { planVolume } from "../../../lib/provider/incus/storage/volume-plan";
import type { VolumeState } from "../../../lib/provider/incus/storage/volume-schema";
import {
  ADOPT_CONFIG_KEY,
  decodeRemovalPolicy,
  decodeSnapshotBeforeRebuild,
  finalCopyName,
  isReleased,
  mayAdoptReleased,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  rebuildSnapshotName,
  releasedConfig,
  REMOVAL_POLICY_CONFIG_KEY,
  stackOfOwner,
  utcStamp,
} from "../../../lib/records";

const AT = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));

describe("removal policy names", () => {
  test("policies parse case-insensitively; unset is destroy; anything else is an error naming the value", () => {
    expect(decodeRemovalPolicy(undefined, "x")).toBe("destroy");
    expect(decodeRemovalPolicy("", "x")).toBe("destroy");
    expect(decodeRemovalPolicy("RETAIN", "x")).toBe("retain");
    expect(() => decodeRemovalPolicy("keep", "config k")).toThrow(
      /config k is "keep", which is not a removal policy; use one of protect, retain, snapshot, destroy/,
    );
  });

  test("retention: a whole number, true = 1, 0/false/empty = none", () => {
    expect(decodeSnapshotBeforeRebuild("3", "k")).toBe(3);
    expect(decodeSnapshotBeforeRebuild("true", "k")).toBe(1);
    for (const none of [undefined, "", "0", "false"]) expect(decodeSnapshotBeforeRebuild(none, "k")).toBeUndefined();
    expect(() => decodeSnapshotBeforeRebuild("-1", "k")).toThrow(/expected how many snapshots to keep/);
  });

  test("stamps are UTC and sortable; final copies and rebuild snapshots say what they are", () => {
    expect(utcStamp(AT)).toBe("20260102T030405Z");
    expect(finalCopyName("pgdata", AT)).toBe("pgdata-final-20260102T030405Z");
    expect(rebuildSnapshotName("db", AT)).toBe("rebuild-db-20260102T030405Z");
    expect([utcStamp(new Date(Date.UTC(2026, 9, 1))), utcStamp(new Date(Date.UTC(2026, 8, 30, 23)))].sort()[0]).toBe(
      "20260930T230000Z",
    );
  });
});

describe("released objects", () => {
  test("the released marker keeps the old owner; the stack of a marker is its first segment", () => {
    expect(releasedConfig({ [OWNER_CONFIG_KEY]: "prod/Data", size: "1GiB" })).toEqual({
      [OWNER_CONFIG_KEY]: "released:prod/Data",
      size: "1GiB",
    });
    expect(isReleased("released:prod/Data")).toBe(true);
    expect(stackOfOwner("prod/Db/Data")).toBe("prod");
    expect(stackOfOwner("released:prod/Data")).toBeUndefined();
    expect(stackOfOwner("nostack")).toBeUndefined();
  });

  test("only a released object is adopted, and only when the adopt key says released or names its marker", () => {
    expect(mayAdoptReleased("released:a/X", "released")).toBe(true);
    expect(mayAdoptReleased("released:a/X", "released:a/X")).toBe(true);
    expect(mayAdoptReleased("released:a/X", "released:b/X")).toBe(false);
    expect(mayAdoptReleased("released:a/X", undefined)).toBe(false);
    expect(mayAdoptReleased("a/X", "released")).toBe(false);
  });

  test("adoptOrFail: a released volume is refused without the key (saying how to adopt it) and adopted with it", () => {
    const base = { kind: "incus_storage_volume", name: "pool/v", importId: "/pool/v" };
    const refused = new Diagnostics();
    expect(
      adoptOrFail({
        ...base,
        existingConfig: { [OWNER_CONFIG_KEY]: "released:a/V" },
        plannedConfig: { [OWNER_CONFIG_KEY]: "b/V" },
        diagnostics: refused,
      }),
    ).toBe(false);
    expect(refused.errors[0].detail).toMatch(
      /It was released \(removal policy retain; marked "released:a\/V"\) and is adopted only on purpose: set config "user\.cdktf-virt\.adopt" = "released"/,
    );
    const sameOwner = new Diagnostics();
    expect(
      adoptOrFail({
        ...base,
        existingConfig: { [OWNER_CONFIG_KEY]: "released:a/V" },
        plannedConfig: { [OWNER_CONFIG_KEY]: "a/V" },
        diagnostics: sameOwner,
      }),
    ).toBe(false);
    const adopted = new Diagnostics();
    const planned = { [OWNER_CONFIG_KEY]: "b/V", [ADOPT_CONFIG_KEY]: "released" };
    expect(
      adoptOrFail({
        ...base,
        existingConfig: { [OWNER_CONFIG_KEY]: "released:a/V" },
        plannedConfig: planned,
        diagnostics: adopted,
      }),
    ).toBe(true);
    // The key never takes over an object someone still owns.
    expect(
      adoptOrFail({
        ...base,
        existingConfig: { [OWNER_CONFIG_KEY]: "a/V" },
        plannedConfig: planned,
        diagnostics: new Diagnostics(),
      }),
    ).toBe(false);
  });
});

describe("volume users and devices", () => {
  test("used_by paths decode to kind, name, snapshot and project", () => {
    expect(parseUsedBy("/1.0/instances/web?project=p1")).toMatchObject({
      kind: "instances",
      name: "web",
      project: "p1",
    });
    expect(parseUsedBy("/1.0/instances/web/snapshots/s%201")).toMatchObject({
      kind: "instances",
      name: "web",
      snapshot: "s 1",
    });
    expect(parseUsedBy("/1.0/profiles/default")).toMatchObject({ kind: "profiles", name: "default" });
    expect(parseUsedBy("/1.0/profiles/default")?.project).toBeUndefined();
    expect(parseUsedBy("/2.0/x")).toBeUndefined();
  });

  test("the disk devices that attach a custom volume; root disks and snapshot sources are not volumes to snapshot", () => {
    const devices = {
      root: { type: "disk", path: "/", pool: "p" },
      b: { type: "disk", path: "/b", pool: "p", source: "vol" },
      a: { type: "disk", path: "/a", pool: "p", source: "vol" },
      other: { type: "disk", path: "/o", pool: "q", source: "vol" },
      snap: { type: "disk", path: "/s", pool: "p", source: "vol/snap0" },
      nic: { type: "nic", network: "br0" },
    };
    expect(volumeDeviceNames(devices, "p", "vol")).toEqual(["a", "b"]);
    expect(attachedCustomVolumes({ devices: {}, expanded_devices: devices })).toEqual([
      { pool: "p", volume: "vol", device: "a" },
      { pool: "p", volume: "vol", device: "b" },
      { pool: "q", volume: "vol", device: "other" },
    ]);
  });
});

describe("a planned volume delete", () => {
  const prior = (config: Record<string, string>): VolumeState => ({
    name: "v",
    pool: "p",
    config,
    project: null,
    remote: null,
    description: "",
    type: "custom",
    content_type: "filesystem",
    target: null,
    source_volume: null,
    source_file: null,
    location: "",
    file: [],
  });
  const plan = (config: Record<string, string>) => {
    const diagnostics = new Diagnostics();
    planVolume({ config: null, prior: prior(config), planned: null, requiresReplace: [] }, diagnostics);
    return diagnostics;
  };

  test("protect (policy or flag) is refused; an invalid policy is an error on the key", () => {
    expect(plan({ [REMOVAL_POLICY_CONFIG_KEY]: "protect" }).errors[0].summary).toBe("Storage volume p/v is protected");
    expect(plan({ [PROTECT_CONFIG_KEY]: "true", [REMOVAL_POLICY_CONFIG_KEY]: "retain" }).errors[0].detail).toMatch(
      /user\.cdktf-virt\.protect="true"/,
    );
    expect(plan({ [REMOVAL_POLICY_CONFIG_KEY]: "nope" }).errors[0]).toMatchObject({
      summary: "Storage volume p/v has an invalid removal policy",
      path: ["config", REMOVAL_POLICY_CONFIG_KEY],
    });
  });

  test("retain and snapshot say in the plan what will happen; destroy says nothing", () => {
    const retained = plan({ [OWNER_CONFIG_KEY]: "s/V", [REMOVAL_POLICY_CONFIG_KEY]: "retain" });
    expect(retained.errors).toHaveLength(0);
    expect(retained.all[0].detail).toMatch(/will be kept on the host with its data .* becomes "released:s\/V"/);
    expect(plan({ [REMOVAL_POLICY_CONFIG_KEY]: "snapshot" }).all[0].detail).toContain(
      "a final copy is kept as p/v-final-<yyyymmddThhmmssZ>",
    );
    expect(plan({ [REMOVAL_POLICY_CONFIG_KEY]: "destroy" }).all).toHaveLength(0);
  });

  test("a replacement deletes too: protect refuses it, retain cannot be replaced, snapshot says it keeps a copy", () => {
    const replace = (config: Record<string, string>) => {
      const diagnostics = new Diagnostics();
      const before = prior(config);
      planVolume(
        {
          config: before,
          prior: before,
          planned: { ...before, content_type: "block" },
          requiresReplace: [["content_type"]],
        },
        diagnostics,
      );
      return diagnostics;
    };
    expect(replace({ [REMOVAL_POLICY_CONFIG_KEY]: "protect" }).errors[0].detail).toMatch(
      /this change replaces it, which deletes it first/,
    );
    expect(replace({ [REMOVAL_POLICY_CONFIG_KEY]: "retain" }).errors[0].summary).toBe(
      "Storage volume p/v cannot be replaced: its removal policy is retain",
    );
    const snapshot = replace({ [REMOVAL_POLICY_CONFIG_KEY]: "snapshot" });
    expect(snapshot.errors).toHaveLength(0);
    expect(snapshot.all[0].detail).toMatch(/final copy is kept/);
    expect(replace({}).all).toHaveLength(0);
  });

  test("the restore command names the incus CLI's remote and a non-default project", () => {
    expect(restoreCommand({ name: "v", pool: "p", remote: null, project: null }, "v-final-x", { prefix: "" })).toBe(
      "incus storage volume copy p/v-final-x p/v",
    );
    expect(restoreCommand({ name: "v", pool: "p", remote: "lab", project: "prod" }, "c", { prefix: "bee:" })).toBe(
      "incus storage volume copy bee:p/c bee:p/v --project prod",
    );
  });
});
