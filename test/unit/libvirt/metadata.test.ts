import {
  extractMetadataXml,
  metadataXmlProblem,
  ownerMarkerOfMetadata,
  sameXmlContent,
} from "../../../lib/libvirt/metadata";

const OWNER = `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">stack/vm</cdktf-virt:owner>`;

describe("metadata fragments", () => {
  test("extracts and de-indents the inner XML of <metadata>", () => {
    const xml = `<domain type='kvm'>\n  <name>d</name>\n  <metadata>\n    <a:x xmlns:a="urn:a">1</a:x>\n    ${OWNER}\n  </metadata>\n</domain>`;
    expect(extractMetadataXml(xml)).toBe(`<a:x xmlns:a="urn:a">1</a:x>\n${OWNER}`);
    expect(extractMetadataXml("<domain><metadata/></domain>")).toBe("");
    expect(extractMetadataXml("<domain><name>d</name></domain>")).toBeUndefined();
  });

  test("finds the owner marker in a fragment", () => {
    expect(ownerMarkerOfMetadata(OWNER)).toBe("stack/vm");
    expect(ownerMarkerOfMetadata(`<a:x xmlns:a="urn:a">1</a:x>`)).toBeUndefined();
    expect(ownerMarkerOfMetadata(undefined)).toBeUndefined();
  });

  test("compares content, not quoting or whitespace", () => {
    expect(sameXmlContent(OWNER, OWNER.replace(/"/g, "'"))).toBe(true);
    expect(
      sameXmlContent(
        `<a:x xmlns:a="urn:a">1</a:x><b:y xmlns:b="urn:b"/>`,
        `\n  <a:x xmlns:a='urn:a'>1</a:x>\n  <b:y xmlns:b='urn:b'></b:y>\n`,
      ),
    ).toBe(true);
    expect(sameXmlContent(OWNER, OWNER.replace("stack/vm", "stack/other"))).toBe(false);
    expect(sameXmlContent(undefined, "")).toBe(true);
    expect(sameXmlContent("<unclosed", "<unclosed ")).toBe(true);
    expect(sameXmlContent("<unclosed", "<other")).toBe(false);
  });

  test("reports malformed fragments", () => {
    expect(metadataXmlProblem(OWNER)).toBeUndefined();
    expect(metadataXmlProblem("<unclosed")).toMatch(/not well-formed XML/);
  });
});
