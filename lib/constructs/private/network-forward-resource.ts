// Builds a NetworkForward's incus_network_forward: the listen address and its ports, each sent to the fixed address
// of an instance on the forward's network (a rebuilt instance keeps that address, so the forward follows it).
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkForwardResource } from "../../bindings";
import type { IncusNetworkForwardPortConfig } from "../../bindings";
import { incusOwnershipConfig } from "../../lifecycle";
import type { ForwardPort } from "../model/network-forward-props";
import type { INetwork } from "../model/network-props";
import type { IncusHostLike } from "./hosts";
import {
  checkedPortRange,
  checkedProtocol,
  checkListenAddress,
  checkTargetRange,
  fixedTargetAddress,
  listenPortClaims,
} from "./listen-ports";

const KIND = "NetworkForward";

/** The common props of a NetworkForward, resolved. */
export interface NetworkForwardInput {
  readonly network: INetwork;
  readonly listenAddress: string;
  readonly description?: string;
}

/** What the NetworkForward keeps of its resource: it adds ports after it is built. */
export interface BuiltForward {
  /** Checks a port and renders the ports (those before it and it) into the resource. */
  addPort(port: ForwardPort): void;
}

/** The incus_network_forward (child "Default" of `scope`). */
export function incusNetworkForward(scope: Construct, host: IncusHostLike, input: NetworkForwardInput): BuiltForward {
  checkListenAddress(scope, KIND, input.listenAddress);
  const resource = new IncusNetworkForwardResource(scope, "Default", {
    network: input.network.networkName,
    listenAddress: input.listenAddress,
    description: input.description,
    // The marker lets a run that died after the create adopt the object (the construct has no other config).
    config: incusOwnershipConfig(scope),
    remote: host.remoteName,
  });
  const ports: IncusNetworkForwardPortConfig[] = [];
  const claim = listenPortClaims(scope, KIND, "ports", input.listenAddress, "forwarded");
  return {
    addPort: (port) => {
      const protocol = checkedProtocol(scope, KIND, "ports", port.protocol);
      const listen = checkedPortRange(scope, KIND, "ports", "listenPort", port.listenPort);
      const checked = forwardPort(scope, input.network, port, protocol, listen);
      claim(protocol, port.listenPort, listen);
      ports.push(checked);
      resource.setAttribute("ports", [...ports]);
    },
  };
}

function forwardPort(
  scope: IConstruct,
  network: INetwork,
  port: ForwardPort,
  protocol: string,
  listen: [number, number],
): IncusNetworkForwardPortConfig {
  const targetPort = port.targetPort ?? port.listenPort;
  const target = checkedPortRange(scope, KIND, "ports", "targetPort", targetPort);
  checkTargetRange(scope, KIND, "ports", target, listen, { target: targetPort, listen: port.listenPort });
  return {
    protocol,
    listenPort: String(port.listenPort),
    targetPort: String(targetPort),
    targetAddress: fixedTargetAddress(scope, KIND, "ports", network, port.target),
    description: port.description,
  };
}
