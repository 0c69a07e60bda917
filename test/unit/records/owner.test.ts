// The owner marker: the Incus key, the libvirt metadata element as the constructs write it (byte for byte what
// deployed stacks carry) and as any tool may have written it (the namespace decides, not the prefix).
import {
  decodeOwnerMetadata,
  encodeOwnerConfig,
  encodeOwnerMetadataXml,
  OWNER_CONFIG_KEY,
  parseXmlTree,
  RECORD_KEY_PREFIX,
  releasedConfig,
  stackOfOwner,
} from "../../../lib/records";
import type { XmlNode } from "../../../lib/records";

const metadata = (inner: string) => parseXmlTree(`<metadata>${inner}</metadata>`).metadata as XmlNode;

describe("owner marker", () => {
  it("Incus: one config key", () => {
    expect(OWNER_CONFIG_KEY).toBe("user.cdktf-virt.owner");
    expect(OWNER_CONFIG_KEY.startsWith(RECORD_KEY_PREFIX)).toBe(true);
    expect(encodeOwnerConfig("lab/vm")).toEqual({ "user.cdktf-virt.owner": "lab/vm" });
  });

  it("libvirt: the element deployed stacks carry, text escaped as element content", () => {
    expect(encodeOwnerMetadataXml(`lab/a&b<c>"d'é`)).toBe(
      `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">lab/a&amp;b&lt;c&gt;"d'é</cdktf-virt:owner>`,
    );
  });

  it.each(["lab/vm", `lab/a&b<c>"d'é`, "lab/日本/🙂"])("round-trips %s", (marker) => {
    expect(decodeOwnerMetadata(metadata(encodeOwnerMetadataXml(marker)))).toBe(marker);
  });

  it("reads the element with another prefix, as the default namespace, and next to other metadata", () => {
    const ns = "https://cdktf-virt.dev/xmlns/owner";
    expect(decodeOwnerMetadata(metadata(`<x:owner xmlns:x="${ns}">s/p</x:owner>`))).toBe("s/p");
    expect(decodeOwnerMetadata(metadata(`<owner xmlns="${ns}">s/q</owner>`))).toBe("s/q");
    expect(
      decodeOwnerMetadata(metadata(`<app:cfg xmlns:app="urn:app">x</app:cfg><o:owner xmlns:o="${ns}">s/r</o:owner>`)),
    ).toBe("s/r");
  });

  it("ignores an owner element of another namespace; an empty marker reads as empty", () => {
    expect(decodeOwnerMetadata(metadata(`<x:owner xmlns:x="urn:other">s/p</x:owner>`))).toBeUndefined();
    expect(decodeOwnerMetadata(metadata(`<x:owner xmlns:x="https://cdktf-virt.dev/xmlns/owner"></x:owner>`))).toBe("");
    expect(decodeOwnerMetadata(undefined)).toBeUndefined();
  });

  it("the stack of a marker; none for a released one", () => {
    expect(stackOfOwner("homelab/app/db")).toBe("homelab");
    expect(stackOfOwner("released:homelab/db")).toBeUndefined();
    expect(stackOfOwner("noslash")).toBeUndefined();
    expect(stackOfOwner(undefined)).toBeUndefined();
  });

  it("a released copy's config carries the released marker and keeps the rest", () => {
    expect(releasedConfig({ [OWNER_CONFIG_KEY]: "s/v", size: "1GiB" })).toEqual({
      [OWNER_CONFIG_KEY]: "released:s/v",
      size: "1GiB",
    });
  });
});
