// The one XML toolkit: what each escaping context replaces, that unescaping undoes it (character references
// included), and the two parser forms (values stay strings, repeated libvirt elements are always arrays).
import { escapeXml, parseXmlOrdered, parseXmlTree, unescapeXml } from "../../../lib/records";

const NASTY = `a&b<c>d"e'f é ü 日本 🙂`;

describe("escapeXml", () => {
  it("element text: & < > only (quotes stay, as the owner marker has always been written)", () => {
    expect(escapeXml(NASTY, "text")).toBe(`a&amp;b&lt;c&gt;d"e'f é ü 日本 🙂`);
  });

  it('a double-quoted attribute: & < " only', () => {
    expect(escapeXml(NASTY, "attribute")).toBe(`a&amp;b&lt;c>d&quot;e'f é ü 日本 🙂`);
  });

  it("anywhere (the default): all five predefined entities", () => {
    expect(escapeXml(NASTY)).toBe(`a&amp;b&lt;c&gt;d&quot;e&apos;f é ü 日本 🙂`);
  });

  it("escapes an ampersand once, including one that already starts an entity", () => {
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it.each(["text", "attribute", "any"] as const)("unescapeXml undoes the %s context", (context) => {
    expect(unescapeXml(escapeXml(NASTY, context))).toBe(NASTY);
  });
});

describe("unescapeXml", () => {
  it("resolves decimal and hexadecimal character references, and leaves unknown entities alone", () => {
    expect(unescapeXml("&#233;&#xE9;&#x1F642;&amp;lt;&nbsp;")).toBe("éé🙂&lt;&nbsp;");
  });
});

describe("parsers", () => {
  it("the tree form keeps values as strings and attributes under @_", () => {
    const doc = parseXmlTree(`<domain type="kvm"><memory unit="KiB">0012</memory><name> a&amp;b é </name></domain>`);
    expect(doc.domain).toEqual({ "@_type": "kvm", memory: { "#text": "0012", "@_unit": "KiB" }, name: "a&b é" });
  });

  it("the tree form makes repeated libvirt elements arrays even when there is one", () => {
    const doc = parseXmlTree(`<devices><disk type="file"/><controller/></devices>`) as {
      devices: { disk: unknown; controller: unknown };
    };
    expect(doc.devices.disk).toEqual([{ "@_type": "file" }]);
    expect(doc.devices.controller).toBe("");
  });

  it("the ordered form keeps sibling order and tells it apart", () => {
    expect(JSON.stringify(parseXmlOrdered("<r><a/><b/></r>"))).not.toBe(
      JSON.stringify(parseXmlOrdered("<r><b/><a/></r>")),
    );
    expect(JSON.stringify(parseXmlOrdered(`<r><a x='1'/></r>`))).toBe(
      JSON.stringify(parseXmlOrdered(`<r>\n  <a x="1"/>\n</r>`)),
    );
  });

  it("input that is no XML at all throws (well-formedness is checked separately, with XMLValidator)", () => {
    expect(() => parseXmlTree("<unclosed")).toThrow();
    expect(() => parseXmlOrdered("<unclosed")).toThrow();
  });
});
