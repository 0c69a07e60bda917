// NetworkForward: an Incus network forward, a listen address whose ports are sent on to instances of the network
// at their fixed addresses (`incus: { ipv4Address }`), so a rebuilt instance is reached at once without the forward
// changing. `instance.forward({ listenAddress, port })` creates one, or adds a port to the forward of that address.
// The host builds it (private/network-forward-resource.ts); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { IHost } from "./model/host";
import type { ForwardPort, NetworkForwardProps } from "./model/network-forward-props";
import type { INetwork } from "./model/network-props";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";
import type { BuiltForward } from "./private/network-forward-resource";

const KIND = "NetworkForward";

/** The forwards of each network by listen address: Incus has one forward per address and network. */
const forwardsByNetwork = new WeakMap<INetwork, Map<string, NetworkForward>>();

export class NetworkForward<H extends IHost = IHost> extends Construct {
  /** The forward of `listenAddress` on `network` made by this app, if any. */
  public static of(network: INetwork, listenAddress: string): NetworkForward | undefined {
    return forwardsByNetwork.get(network)?.get(listenAddress);
  }

  public readonly network: INetwork<H>;
  public readonly listenAddress: string;
  private readonly built: BuiltForward;

  public constructor(scope: Construct, id: string, props: NetworkForwardProps<H>) {
    super(scope, id);
    const network = props.network as INetwork<H>;
    if (network?.host === undefined) fail(this, KIND, "network", "a NetworkForward needs a Network");
    const backend = backendOf(this, KIND, network.host);
    this.network = network;
    this.listenAddress = props.listenAddress;
    const taken = NetworkForward.of(network, props.listenAddress);
    if (taken)
      fail(
        this,
        KIND,
        "listenAddress",
        `${props.listenAddress} already has a forward on this network ("${taken.node.path}"); add ports to it`,
      );
    this.built = backend.networkForward(this, {
      network,
      listenAddress: props.listenAddress,
      description: props.description,
    });
    const forwards = forwardsByNetwork.get(network) ?? new Map<string, NetworkForward>();
    forwards.set(props.listenAddress, this);
    forwardsByNetwork.set(network, forwards);
    for (const port of props.ports ?? []) this.addPort(port);
  }

  /** Forwards one more port (or range) of the listen address. */
  public addPort(port: ForwardPort): void {
    this.built.addPort(port);
  }
}
