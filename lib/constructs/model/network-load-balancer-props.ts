// The props of a NetworkLoadBalancer (Incus only, OVN networks): a listen address whose ports are spread over
// backends, instances of the network at their fixed addresses (so the balancer follows them across rebuilds).
import type { IHost, IncusOnly } from "./host";
import type { ForwardProtocol, IForwardTarget } from "./network-forward-props";
import type { INetwork } from "./network-props";

/** A backend of a load balancer: an instance with a fixed address on the balancer's network. */
export interface LoadBalancerBackend {
  /** The name ports refer to: letters, digits, '-' or '_'. */
  readonly name: string;
  /** The instance; it must have a fixed IPv4 address on the network (`incus: { ipv4Address }`). */
  readonly target: IForwardTarget;
  /** The port (or range) on the instance. @default the listen port */
  readonly targetPort?: number | string;
  /** @default none */
  readonly description?: string;
}

/** A port (or range) of the listen address and the backends it is spread over. */
export interface LoadBalancerPort {
  /** The port on the listen address: a number or a "from-to" range. */
  readonly listenPort: number | string;
  /** Names of backends (at least one). */
  readonly backends: readonly string[];
  /** @default ForwardProtocol.TCP */
  readonly protocol?: ForwardProtocol;
  /** @default none */
  readonly description?: string;
}

export interface NetworkLoadBalancerProps<H extends IHost = IHost> {
  /** The Incus network (OVN: Incus has load balancers on OVN networks only); a compile error on a LibvirtHost. */
  readonly network: IncusOnly<H, INetwork<H>>;
  /** The address the balancer listens on (IPv4 or IPv6), from the network's uplink addresses. */
  readonly listenAddress: string;
  /** @default none */
  readonly description?: string;
  /** The backends. More can be added with `addBackend`. @default none */
  readonly backends?: readonly LoadBalancerBackend[];
  /** The balanced ports. More can be added with `addPort`. @default none */
  readonly ports?: readonly LoadBalancerPort[];
}
