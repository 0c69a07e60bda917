// Snapshots before a rebuild: the Incus count, the libvirt domain metadata element (what the constructs write is
// what the provider and the tooling read back, whatever prefix), and the names of the snapshots and copies.
import {
  decodeRebuildSnapshotsXml,
  decodeSnapshotBeforeRebuild,
  encodeOwnerMetadataXml,
  encodeRebuildSnapshotsXml,
  encodeSnapshotBeforeRebuild,
  isRebuildCopyName,
  rebuildCopyName,
  rebuildCopyPrefix,
  rebuildSnapshotName,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "../../../lib/records";

const NS = "https://cdktf-virt.dev/xmlns/rebuild-snapshots";
const AT = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));

describe("Incus count", () => {
  it("round-trips", () => {
    expect(SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY).toBe("user.cdktf-virt.snapshot-before-rebuild");
    for (const keep of [1, 3, 12])
      expect(decodeSnapshotBeforeRebuild(encodeSnapshotBeforeRebuild(keep), "k")).toBe(keep);
  });

  it("reads the other spellings a config may hold: true is 1; unset, blank, 0 and false ask for none", () => {
    expect(decodeSnapshotBeforeRebuild(" TRUE ", "k")).toBe(1);
    for (const none of [undefined, null, "", " ", "0", "false", "False"])
      expect(decodeSnapshotBeforeRebuild(none, "k")).toBeUndefined();
    expect(() => decodeSnapshotBeforeRebuild("-1", 'config "k"')).toThrow(
      'config "k" is "-1"; expected how many snapshots to keep',
    );
    expect(() => decodeSnapshotBeforeRebuild("1.5", "k")).toThrow();
  });
});

describe("libvirt domain metadata", () => {
  it("is written byte for byte as deployed domains carry it, tokens left for Terraform", () => {
    expect(encodeRebuildSnapshotsXml([{ pool: "${libvirt_pool.images.name}", volume: "data", keep: 3 }])).toBe(
      `<cdktf-virt-rs:rebuild-snapshots xmlns:cdktf-virt-rs="${NS}">` +
        '<cdktf-virt-rs:volume pool="${libvirt_pool.images.name}" name="data" keep="3"/>' +
        "</cdktf-virt-rs:rebuild-snapshots>",
    );
    expect(encodeRebuildSnapshotsXml([])).toBe("");
  });

  it("round-trips next to the owner marker, with characters that need escaping", () => {
    const requests = [
      { pool: `p&<>"'é`, volume: "data", keep: 3 },
      { pool: "q", volume: "日本", keep: 1 },
    ];
    const xml = encodeOwnerMetadataXml("s/vm") + encodeRebuildSnapshotsXml(requests);
    expect(xml).toContain(`pool="p&amp;&lt;>&quot;'é"`);
    expect(decodeRebuildSnapshotsXml(xml)).toEqual(requests);
  });

  it("the namespace decides, not the prefix; single quotes and a default namespace read too", () => {
    expect(
      decodeRebuildSnapshotsXml(
        `<x:rebuild-snapshots xmlns:x="${NS}"><x:volume pool='p' name='v' keep='2'/></x:rebuild-snapshots>`,
      ),
    ).toEqual([{ pool: "p", volume: "v", keep: 2 }]);
    expect(
      decodeRebuildSnapshotsXml(
        `<rebuild-snapshots xmlns="${NS}"><volume pool="p" name="v" keep="4"/></rebuild-snapshots>`,
      ),
    ).toEqual([{ pool: "p", volume: "v", keep: 4 }]);
  });

  it("another namespace, a count below 1, a missing name or broken XML ask for nothing", () => {
    expect(
      decodeRebuildSnapshotsXml(
        `<x:rebuild-snapshots xmlns:x="urn:other"><x:volume pool="p" name="v" keep="2"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([]);
    expect(
      decodeRebuildSnapshotsXml(
        `<x:rebuild-snapshots xmlns:x="${NS}"><x:volume pool="p" name="v" keep="0"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([]);
    expect(
      decodeRebuildSnapshotsXml(
        `<x:rebuild-snapshots xmlns:x="${NS}"><x:volume pool="p" keep="2"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([]);
    expect(decodeRebuildSnapshotsXml("<unclosed")).toEqual([]);
    expect(decodeRebuildSnapshotsXml("just text")).toEqual([]);
    expect(decodeRebuildSnapshotsXml(undefined)).toEqual([]);
  });
});

describe("names", () => {
  it("Incus snapshots and libvirt copies share the snapshot name", () => {
    expect(rebuildSnapshotName("web", AT)).toBe("rebuild-web-20260102T030405Z");
    expect(rebuildCopyName("data", "vm", AT)).toBe("data.rebuild-vm-20260102T030405Z");
    expect(rebuildCopyName("data", "vm", AT).startsWith(rebuildCopyPrefix("data", "vm"))).toBe(true);
  });

  it("a libvirt pool tells the copies apart by name", () => {
    expect(isRebuildCopyName(rebuildCopyName("data", "vm", AT))).toBe(true);
    expect(isRebuildCopyName("data.rebuild-vm-2026")).toBe(false);
    expect(isRebuildCopyName("rebuild-vm-20260102T030405Z")).toBe(false);
  });
});
