// What a network forward and a network load balancer share: a listen address, ports (or ranges) of it checked and
// claimed once per protocol, and targets that are instances of the network at their fixed addresses (a rebuilt
// instance keeps that address, so the forward or balancer follows it without changing).
import type { IConstruct } from "constructs";
import { isToken } from "../../bindings/attributes";
import { ForwardProtocol } from "../model/network-forward-props";
import type { IForwardTarget } from "../model/network-forward-props";
import type { INetwork } from "../model/network-props";
import { isIpAddress, portRange } from "./addresses";
import { fail } from "./errors";

export function checkListenAddress(scope: IConstruct, kind: string, listenAddress: string): void {
  if (typeof listenAddress !== "string" || (!isToken(listenAddress) && !isIpAddress(listenAddress)))
    fail(scope, kind, "listenAddress", `${JSON.stringify(listenAddress)} is not an IPv4 or IPv6 address`);
}

/** The protocol of a port (TCP when unset), or an error on `prop`. */
export function checkedProtocol(
  scope: IConstruct,
  kind: string,
  prop: string,
  protocol: ForwardProtocol | undefined,
): ForwardProtocol {
  const checked = protocol ?? ForwardProtocol.TCP;
  if (!Object.values(ForwardProtocol).includes(checked))
    fail(scope, kind, prop, `protocol ${JSON.stringify(checked)} is not tcp or udp`);
  return checked;
}

/** The range of a port or "from-to" range named `what` ("listenPort", "targetPort"), or an error on `prop`. */
export function checkedPortRange(
  scope: IConstruct,
  kind: string,
  prop: string,
  what: string,
  port: number | string,
): [number, number] {
  const range = portRange(port);
  if (range === undefined)
    fail(
      scope,
      kind,
      prop,
      `${what} ${JSON.stringify(port)} is not a port from 1 to 65535 or a range like "8000-8010"`,
    );
  return range;
}

/** A target port range must be one port or as long as the listen range. */
export function checkTargetRange(
  scope: IConstruct,
  kind: string,
  prop: string,
  target: [number, number],
  listen: [number, number],
  text: { readonly target: number | string; readonly listen: number | string },
): void {
  if (target[1] - target[0] !== 0 && target[1] - target[0] !== listen[1] - listen[0])
    fail(scope, kind, prop, `targetPort ${text.target} is a range of another length than listenPort ${text.listen}`);
}

/** Claims listen ports per protocol: a port forwarded (or balanced, the `verb`) twice on one address is an error. */
export function listenPortClaims(
  scope: IConstruct,
  kind: string,
  prop: string,
  listenAddress: string,
  verb: string,
): (protocol: string, listenPort: number | string, range: [number, number]) => void {
  const taken: { protocol: string; range: [number, number] }[] = [];
  return (protocol, listenPort, range) => {
    if (taken.some((t) => t.protocol === protocol && t.range[0] <= range[1] && range[0] <= t.range[1]))
      fail(scope, kind, prop, `${protocol} port ${listenPort} of ${listenAddress} is ${verb} twice`);
    taken.push({ protocol, range });
  };
}

/** The fixed address of `target` on `network`, or an error on `prop` saying how to give it one. */
export function fixedTargetAddress(
  scope: IConstruct,
  kind: string,
  prop: string,
  network: INetwork,
  target: IForwardTarget | undefined,
): string {
  if (target?.host === undefined) return fail(scope, kind, prop, "needs a target instance");
  const where = `the instance "${target.node.path}"`;
  if (target.host !== network.host)
    fail(scope, kind, prop, `${where} is on another host than the network "${network.node.path}"`);
  const incus = target.incus;
  if (incus?.network !== network)
    fail(scope, kind, prop, `${where} is not plugged into the network "${network.node.path}" (its \`network\` prop)`);
  if (incus.ipv4Address === undefined)
    fail(
      scope,
      kind,
      prop,
      `${where} has no fixed address to forward to (its address could change when it is rebuilt): give it \`incus: { ipv4Address: "…" }\`, an address of the network's subnet`,
    );
  return incus.ipv4Address;
}
