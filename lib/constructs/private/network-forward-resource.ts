// Builds a NetworkForward's incus_network_forward: the listen address and its ports, each sent to the fixed address
// of an instance on the forward's network (a rebuilt instance keeps that address, so the forward follows it).
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkForwardResource } from "../../bindings";
import type { IncusNetworkForwardPortConfig } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { ForwardProtocol } from "../model/network-forward-props";
import type { ForwardPort } from "../model/network-forward-props";
import type { INetwork } from "../model/network-props";
import { isIpAddress, portRange } from "./addresses";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";

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

export function checkListenAddress(scope: IConstruct, listenAddress: string): void {
  if (typeof listenAddress !== "string" || (!isToken(listenAddress) && !isIpAddress(listenAddress)))
    fail(scope, KIND, "listenAddress", `${JSON.stringify(listenAddress)} is not an IPv4 or IPv6 address`);
}

/** The incus_network_forward (child "Default" of `scope`). */
export function incusNetworkForward(scope: Construct, host: IncusHostLike, input: NetworkForwardInput): BuiltForward {
  checkListenAddress(scope, input.listenAddress);
  const resource = new IncusNetworkForwardResource(scope, "Default", {
    network: input.network.networkName,
    listenAddress: input.listenAddress,
    description: input.description,
    remote: host.remoteName,
  });
  const ports: IncusNetworkForwardPortConfig[] = [];
  const taken: { protocol: string; range: [number, number] }[] = [];
  return {
    addPort: (port) => {
      const checked = forwardPort(scope, input.network, port);
      const range = portRange(checked.listenPort) as [number, number];
      const protocol = checked.protocol as string;
      if (taken.some((t) => t.protocol === protocol && t.range[0] <= range[1] && range[0] <= t.range[1]))
        fail(
          scope,
          KIND,
          "ports",
          `${protocol} port ${checked.listenPort} of ${input.listenAddress} is forwarded twice`,
        );
      taken.push({ protocol, range });
      ports.push(checked);
      resource.setAttribute("ports", [...ports]);
    },
  };
}

function forwardPort(scope: IConstruct, network: INetwork, port: ForwardPort): IncusNetworkForwardPortConfig {
  const protocol = port.protocol ?? ForwardProtocol.TCP;
  if (!Object.values(ForwardProtocol).includes(protocol))
    fail(scope, KIND, "ports", `protocol ${JSON.stringify(protocol)} is not tcp or udp`);
  const listen = portRange(port.listenPort);
  if (listen === undefined)
    fail(
      scope,
      KIND,
      "ports",
      `listenPort ${JSON.stringify(port.listenPort)} is not a port from 1 to 65535 or a range like "8000-8010"`,
    );
  const targetPort = port.targetPort ?? port.listenPort;
  const target = portRange(targetPort);
  if (target === undefined)
    fail(
      scope,
      KIND,
      "ports",
      `targetPort ${JSON.stringify(targetPort)} is not a port from 1 to 65535 or a range like "8000-8010"`,
    );
  if (target[1] - target[0] !== 0 && target[1] - target[0] !== listen[1] - listen[0])
    fail(
      scope,
      KIND,
      "ports",
      `targetPort ${targetPort} is a range of another length than listenPort ${port.listenPort}`,
    );
  return {
    protocol,
    listenPort: String(port.listenPort),
    targetPort: String(targetPort),
    targetAddress: targetAddress(scope, network, port),
    description: port.description,
  };
}

/** The fixed address of the port's target on the forward's network, or an error saying how to give it one. */
function targetAddress(scope: IConstruct, network: INetwork, port: ForwardPort): string {
  const target = port.target;
  if (target?.host === undefined) return fail(scope, KIND, "ports", "a port needs a target instance");
  const where = `the instance "${target.node.path}"`;
  if (target.host !== network.host)
    fail(scope, KIND, "ports", `${where} is on another host than the network "${network.node.path}"`);
  const incus = target.incus;
  if (incus?.network !== network)
    fail(
      scope,
      KIND,
      "ports",
      `${where} is not plugged into the network "${network.node.path}" (its \`network\` prop)`,
    );
  if (incus.ipv4Address === undefined)
    fail(
      scope,
      KIND,
      "ports",
      `${where} has no fixed address to forward to (its address could change when it is rebuilt): give it \`incus: { ipv4Address: "…" }\`, an address of the network's subnet`,
    );
  return incus.ipv4Address;
}
