// Runs a libvirt resource's own configuration checks (what Terraform asks at validate/plan time) without a
// libvirtd, and returns the diagnostics they produced.
import { Diagnostics } from "../../../../lib/provider/framework";
import type { AnySchema, Resource, ResourceContext, CtyObjectValue } from "../../../../lib/provider/framework";
import type { LibvirtProviderData } from "../../../../lib/provider/libvirt";

export function validateConfig(
  resource: Resource<LibvirtProviderData, AnySchema>,
  config: CtyObjectValue,
): Diagnostics {
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
