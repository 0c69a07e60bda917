// The libvirt resources' own configuration checks, which Terraform runs at validate/plan time (no libvirtd).
import { UNKNOWN } from "../../../lib/provider/framework";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { domainResource, networkResource } from "../../../lib/provider/libvirt";
import { validateConfig } from "./support/validate-config";

const networkConfig = (metadata: CtyObjectValue | null): CtyObjectValue => ({
  name: "net",
  forward: null,
  ips: null,
  metadata,
});
const domainConfig = (metadata: CtyObjectValue | null): CtyObjectValue => ({ name: "vm", devices: null, metadata });

describe.each([
  ["libvirt_network", networkResource, networkConfig],
  ["libvirt_domain", domainResource, domainConfig],
])("%s metadata.xml", (_name, resource, config) => {
  test("a fragment that is not well-formed XML is an error on metadata.xml", () => {
    const diags = validateConfig(resource, config({ xml: "<app:cfg xmlns:app='urn:app'>unclosed" }));
    expect(diags.errors).toHaveLength(1);
    expect(diags.errors[0]).toMatchObject({ summary: "Invalid metadata XML", path: ["metadata", "xml"] });
    expect(diags.errors[0].detail).toMatch(
      /^metadata\.xml cannot be stored: it is not well-formed XML: .+ \(line \d+\)\.$/,
    );
  });

  test("a well-formed, absent or unknown fragment passes", () => {
    expect(validateConfig(resource, config({ xml: "<app:cfg xmlns:app='urn:app'>a</app:cfg>" })).all).toEqual([]);
    expect(validateConfig(resource, config(null)).all).toEqual([]);
    expect(validateConfig(resource, config({ xml: UNKNOWN })).all).toEqual([]);
  });
});
