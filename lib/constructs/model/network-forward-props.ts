// The props of a NetworkForward (Incus only): a listen address on a network whose ports are sent on to instances at
// their fixed addresses, and what `instance.forward()` takes.
import type { IConstruct } from "constructs";
import type { IHost, IncusOnly } from "./host";
import type { INetwork } from "./network-props";

/** The protocols a forward carries. */
export enum ForwardProtocol {
  TCP = "tcp",
  UDP = "udp",
}

/**
 * What a forward sends traffic to: an instance whose NIC has a fixed IPv4 address (an Instance with
 * `incus: { ipv4Address }`), so the forward keeps pointing at it when it is rebuilt.
 */
export interface IForwardTarget extends IConstruct {
  readonly host: IHost;
  /** Incus: the network of eth0 and its fixed address (Instance's `incus` view). */
  readonly incus?: { readonly network?: INetwork; readonly ipv4Address?: string };
}

/** One port (or range) of a forward. */
export interface ForwardPort {
  /** The port on the listen address: a number or a "from-to" range. */
  readonly listenPort: number | string;
  /** The instance traffic is sent to; it must have a fixed address on the forward's network. */
  readonly target: IForwardTarget;
  /** The port on the target (a range must be as long as the listen range). @default listenPort */
  readonly targetPort?: number | string;
  /** @default ForwardProtocol.TCP */
  readonly protocol?: ForwardProtocol;
  /** @default none */
  readonly description?: string;
}

export interface NetworkForwardProps<H extends IHost = IHost> {
  /** The Incus network the forward is on (a compile error with a network of a LibvirtHost). */
  readonly network: IncusOnly<H, INetwork<H>>;
  /**
   * The address the forward listens on (IPv4 or IPv6). Incus answers for it on the host: it must reach the host
   * (an address of the host's uplink, or one routed to it); connections the host itself opens to it are forwarded
   * too, so an address nothing routes (e.g. from TEST-NET-2) serves for trying it on the host.
   */
  readonly listenAddress: string;
  /** @default none */
  readonly description?: string;
  /** The forwarded ports. More can be added with `addPort`. @default none */
  readonly ports?: readonly ForwardPort[];
}

/** What `instance.forward()` takes: a port of the instance published on a listen address of its network. */
export interface InstanceForwardOptions {
  /** The listen address (see NetworkForwardProps.listenAddress); forwards of the same address share one forward. */
  readonly listenAddress: string;
  /** The port on the listen address: a number or a "from-to" range. */
  readonly port: number | string;
  /** The port on the instance. @default port */
  readonly targetPort?: number | string;
  /** @default ForwardProtocol.TCP */
  readonly protocol?: ForwardProtocol;
  /** @default none */
  readonly description?: string;
}
