// The libvirt resources' own configuration checks, which Terraform runs at validate/plan time (no libvirtd).
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import type { ResourceContext, Values } from "../../../lib/provider/framework";
import { domainResource, networkResource } from "../../../lib/provider/libvirt";
import type { LibvirtProviderData } from "../../../lib/provider/libvirt";

function validate(resource: typeof domainResource, config: Values): Diagnostics {
  const diagnostics = new Diagnostics();
  const ctx = {
    providerData: undefined as unknown as LibvirtProviderData,
    signal: new AbortController().signal,
    diagnostics,
    log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  } satisfies ResourceContext<LibvirtProviderData>;
  void resource.validateConfig!(config, ctx);
  return diagnostics;
}

const networkConfig = (metadata: Values | null): Values => ({ name: "net", forward: null, ips: null, metadata });
const domainConfig = (metadata: Values | null): Values => ({ name: "vm", devices: null, metadata });

describe.each([
  ["libvirt_network", networkResource, networkConfig],
  ["libvirt_domain", domainResource, domainConfig],
])("%s metadata.xml", (_name, resource, config) => {
  test("a fragment that is not well-formed XML is an error on metadata.xml", () => {
    const diags = validate(resource, config({ xml: "<app:cfg xmlns:app='urn:app'>unclosed" }));
    expect(diags.errors).toHaveLength(1);
    expect(diags.errors[0]).toMatchObject({ summary: "Invalid metadata XML", path: ["metadata", "xml"] });
    expect(diags.errors[0].detail).toMatch(/^metadata\.xml cannot be stored: it is not well-formed XML: .+ \(line \d+\)\.$/);
  });

  test("a well-formed, absent or unknown fragment passes", () => {
    expect(validate(resource, config({ xml: "<app:cfg xmlns:app='urn:app'>a</app:cfg>" })).all).toEqual([]);
    expect(validate(resource, config(null)).all).toEqual([]);
    expect(validate(resource, config({ xml: UNKNOWN })).all).toEqual([]);
  });
});
