// Resources reach libvirt through the provider's client; every call carries the request's AbortSignal so that
// Terraform's interrupt (StopProvider) kills a running virsh.
import type { ResourceContext } from "../../framework";
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import type { LibvirtProviderData } from "../provider-data";

export function clientOf(ctx: ResourceContext<LibvirtProviderData>): { client: LibvirtClient; call: VirshCallOptions } {
  return { client: ctx.providerData.client(), call: { signal: ctx.signal } };
}
