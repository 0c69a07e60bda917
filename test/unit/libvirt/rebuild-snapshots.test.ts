// The request for snapshots before a rebuild travels in a libvirt domain's <metadata>: what the constructs write
// is what the provider reads back, whatever prefix the element has; anything malformed asks for nothing.
import { libvirtRebuildSnapshotsXml } from "../../../lib/lifecycle";
import { decodeRebuildSnapshotsXml as rebuildSnapshotSpecs } from "../../../lib/records";

const OWNER = '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">s/vm</cdktf-virt:owner>';

describe("rebuild snapshot requests in domain metadata", () => {
  it("round-trips next to the owner marker", () => {
    const xml =
      OWNER +
      libvirtRebuildSnapshotsXml([
        { pool: "p", volume: "data", keep: 3 },
        { pool: "q", volume: "logs", keep: 1 },
      ]);
    expect(rebuildSnapshotSpecs(xml)).toEqual([
      { pool: "p", volume: "data", keep: 3 },
      { pool: "q", volume: "logs", keep: 1 },
    ]);
  });

  it("no requests write nothing", () => {
    expect(libvirtRebuildSnapshotsXml([])).toBe("");
    expect(rebuildSnapshotSpecs(OWNER)).toEqual([]);
  });

  it("the namespace decides, not the prefix; another namespace, a bad count or broken XML ask for nothing", () => {
    const ns = "https://cdktf-virt.dev/xmlns/rebuild-snapshots";
    expect(
      rebuildSnapshotSpecs(
        `<x:rebuild-snapshots xmlns:x="${ns}"><x:volume pool="p" name="v" keep="2"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([{ pool: "p", volume: "v", keep: 2 }]);
    expect(
      rebuildSnapshotSpecs(
        `<x:rebuild-snapshots xmlns:x="urn:other"><x:volume pool="p" name="v" keep="2"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([]);
    expect(
      rebuildSnapshotSpecs(
        `<x:rebuild-snapshots xmlns:x="${ns}"><x:volume pool="p" name="v" keep="0"/></x:rebuild-snapshots>`,
      ),
    ).toEqual([]);
    expect(rebuildSnapshotSpecs("<unclosed")).toEqual([]);
  });
});
