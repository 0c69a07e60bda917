// Network: an isolated bridge by default (Incus: ipv4.address=none, ipv6.address=none; libvirt: no forward, no
// addresses), so nothing an instance sends leaves the host unless the config says so. A libvirt network may get an
// IPv4 subnet with DHCP and DNS hosts (`libvirt: { ipv4 }`) and forward off the host (`libvirt: { mode: "nat" }`).
// The host builds it (private/network-resources.ts).
import { Construct } from "constructs";
import type { IHost } from "./model/host";
import { INCUS_NETWORK_OPTIONS, LIBVIRT_NETWORK_OPTIONS } from "./model/network-props";
import type { IncusNetworkOptions, INetwork, LibvirtNetworkOptions, NetworkProps } from "./model/network-props";
import { backendOf } from "./private/backend";
import { resolveObjectName } from "./private/name-registry";
import { backendOptions } from "./private/option-groups";

export class Network<H extends IHost = IHost> extends Construct implements INetwork<H> {
  /** A network that exists already and is not managed by this stack. */
  public static fromName<H extends IHost>(scope: Construct, id: string, host: H, name: string): INetwork<H> {
    class ImportedNetwork extends Construct implements INetwork<H> {
      public readonly host = host;
      public readonly networkName = name;
    }
    return new ImportedNetwork(scope, id);
  }

  public readonly host: H;
  public readonly networkName: string;

  public constructor(scope: Construct, id: string, props: NetworkProps<H>) {
    super(scope, id);
    const kind = "Network";
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    const name = resolveObjectName(this, kind, backend.networkNameRule, [this.host.node.path], props.name);
    const incus = backendOptions<IncusNetworkOptions>(this, kind, this.host, INCUS_NETWORK_OPTIONS, props.incus, props);
    const libvirt = backendOptions<LibvirtNetworkOptions>(
      this,
      kind,
      this.host,
      LIBVIRT_NETWORK_OPTIONS,
      props.libvirt,
      {},
    );
    this.networkName = backend.network(this, name, { incus, libvirt });
  }
}
