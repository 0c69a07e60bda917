// What the removal policies leave behind and how it is taken back: the released marker (Incus owner key, libvirt
// release record), the adopt request, and the final copy's name and origin key.
import {
  ADOPT_ANY_RELEASED,
  ADOPT_CONFIG_KEY,
  decodeReleaseRecord,
  encodeFinalCopyOf,
  encodeReleaseRecord,
  FINAL_COPY_OF_CONFIG_KEY,
  finalCopyName,
  finalCopyPattern,
  isFinalCopyName,
  isReleased,
  mayAdoptReleased,
  RECORD_KEY_PREFIX,
  releasedBy,
  releasedOwner,
  releaseRecordName,
} from "../../../lib/records";

const AT = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));

describe("released marker", () => {
  it("round-trips an owner", () => {
    expect(releasedOwner("s/v")).toBe("released:s/v");
    expect(isReleased(releasedOwner("s/v"))).toBe(true);
    expect(releasedBy(releasedOwner("s/v"))).toBe("s/v");
    expect(releasedOwner(undefined)).toBe("released:");
    expect(isReleased("s/v")).toBe(false);
    expect(isReleased(undefined)).toBe(false);
    expect(releasedBy("s/v")).toBe("s/v");
  });

  it("libvirt: the release record beside the volume holds the marker", () => {
    expect(releaseRecordName("data")).toBe("data.cdktf-virt-released");
    expect(encodeReleaseRecord("released:s/é").toString("utf8")).toBe("released:s/é\n");
    expect(decodeReleaseRecord(encodeReleaseRecord("released:s/é"))).toBe("released:s/é");
  });

  it("libvirt: reads a record that comes back padded to its allocation", () => {
    const padded = Buffer.concat([encodeReleaseRecord("released:s/v"), Buffer.alloc(512)]);
    expect(decodeReleaseRecord(padded)).toBe("released:s/v");
  });
});

describe("adopt", () => {
  it('takes only a released object: any with "released", exactly the named one otherwise', () => {
    expect(ADOPT_CONFIG_KEY).toBe("user.cdktf-virt.adopt");
    expect(mayAdoptReleased("released:s/v", ADOPT_ANY_RELEASED)).toBe(true);
    expect(mayAdoptReleased("released:s/v", "released:s/v")).toBe(true);
    expect(mayAdoptReleased("released:s/v", "released:t/v")).toBe(false);
    expect(mayAdoptReleased("s/v", ADOPT_ANY_RELEASED)).toBe(false);
    expect(mayAdoptReleased("released:s/v", undefined)).toBe(false);
  });
});

describe("final copy", () => {
  it("is named after the volume and the time, and recognised by that name", () => {
    expect(finalCopyName("data", AT)).toBe("data-final-20260102T030405Z");
    expect(finalCopyPattern("data")).toBe("data-final-<yyyymmddThhmmssZ>");
    expect(isFinalCopyName(finalCopyName("data", AT))).toBe(true);
    expect(isFinalCopyName("data-final-copy")).toBe(false);
  });

  it("records where it came from", () => {
    expect(FINAL_COPY_OF_CONFIG_KEY).toBe("user.cdktf-virt.final-copy-of");
    expect(encodeFinalCopyOf("pool", "data")).toBe("pool/data");
  });

  it("every key of ours has the one prefix import leaves out", () => {
    for (const key of [ADOPT_CONFIG_KEY, FINAL_COPY_OF_CONFIG_KEY])
      expect(key.startsWith(RECORD_KEY_PREFIX)).toBe(true);
  });
});
