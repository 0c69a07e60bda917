// NetworkLoadBalancer: an Incus network load balancer (OVN networks), a listen address whose ports are spread over
// backends, instances of the network at their fixed addresses (`incus: { ipv4Address }`), so a rebuilt instance
// is reached at once without the balancer changing. The host builds it (private/network-lb-resource.ts, which
// shares its port and target checks with NetworkForward); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { IHost } from "./model/host";
import type {
  LoadBalancerBackend,
  LoadBalancerPort,
  NetworkLoadBalancerProps,
} from "./model/network-load-balancer-props";
import type { INetwork } from "./model/network-props";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";
import { claimName } from "./private/name-registry";
import type { BuiltLoadBalancer } from "./private/network-lb-resource";

const KIND = "NetworkLoadBalancer";

export class NetworkLoadBalancer<H extends IHost = IHost> extends Construct {
  public readonly network: INetwork<H>;
  public readonly listenAddress: string;
  private readonly built: BuiltLoadBalancer;

  public constructor(scope: Construct, id: string, props: NetworkLoadBalancerProps<H>) {
    super(scope, id);
    const network = props.network as INetwork<H>;
    if (network?.host === undefined) fail(this, KIND, "network", "a NetworkLoadBalancer needs a Network");
    const backend = backendOf(this, KIND, network.host);
    this.network = network;
    this.listenAddress = props.listenAddress;
    this.built = backend.networkLoadBalancer(this, {
      network,
      listenAddress: props.listenAddress,
      description: props.description,
    });
    // Incus has one balancer per listen address and network.
    claimName(this, KIND, [network.host.node.path, network.node.path], props.listenAddress);
    for (const b of props.backends ?? []) this.addBackend(b);
    for (const port of props.ports ?? []) this.addPort(port);
  }

  /** Adds a backend ports can name. */
  public addBackend(backend: LoadBalancerBackend): void {
    this.built.addBackend(backend);
  }

  /** Balances one more port (or range) of the listen address over backends added before. */
  public addPort(port: LoadBalancerPort): void {
    this.built.addPort(port);
  }
}
