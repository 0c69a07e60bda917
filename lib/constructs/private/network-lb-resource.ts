// Builds a NetworkLoadBalancer's incus_network_lb: named backends (instances of the network at their fixed
// addresses, so the balancer follows them across rebuilds) and the listen ports spread over them.
import type { Construct } from "constructs";
import { IncusNetworkLbResource } from "../../bindings";
import type { IncusNetworkLbBackendConfig, IncusNetworkLbPortConfig } from "../../bindings";
import { incusOwnershipConfig } from "../../lifecycle";
import type { LoadBalancerBackend, LoadBalancerPort } from "../model/network-load-balancer-props";
import type { INetwork } from "../model/network-props";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";
import {
  checkedPortRange,
  checkedProtocol,
  checkListenAddress,
  checkTargetRange,
  fixedTargetAddress,
  listenPortClaims,
} from "./listen-ports";

const KIND = "NetworkLoadBalancer";
const BACKEND_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** The common props of a NetworkLoadBalancer, resolved. */
export interface NetworkLoadBalancerInput {
  readonly network: INetwork;
  readonly listenAddress: string;
  readonly description?: string;
}

/** What the NetworkLoadBalancer keeps of its resource: it adds backends and ports after it is built. */
export interface BuiltLoadBalancer {
  addBackend(backend: LoadBalancerBackend): void;
  /** Checks a port (its backends must have been added) and renders the ports into the resource. */
  addPort(port: LoadBalancerPort): void;
}

/** The incus_network_lb (child "Default" of `scope`). */
export function incusNetworkLoadBalancer(
  scope: Construct,
  host: IncusHostLike,
  input: NetworkLoadBalancerInput,
): BuiltLoadBalancer {
  checkListenAddress(scope, KIND, input.listenAddress);
  const resource = new IncusNetworkLbResource(scope, "Default", {
    network: input.network.networkName,
    listenAddress: input.listenAddress,
    description: input.description,
    // The marker lets a run that died after the create adopt the object (the construct has no other config).
    config: incusOwnershipConfig(scope),
    remote: host.remoteName,
  });
  const backends = new Map<string, { config: IncusNetworkLbBackendConfig; range?: [number, number] }>();
  const ports: IncusNetworkLbPortConfig[] = [];
  const claim = listenPortClaims(scope, KIND, "ports", input.listenAddress, "balanced");
  return {
    addBackend: (backend) => {
      if (typeof backend?.name !== "string" || !BACKEND_NAME.test(backend.name))
        fail(
          scope,
          KIND,
          "backends",
          `${JSON.stringify(backend?.name)} is not a backend name (letters, digits, '-' or '_', at most 63)`,
        );
      if (backends.has(backend.name)) fail(scope, KIND, "backends", `the backend "${backend.name}" is added twice`);
      const range =
        backend.targetPort === undefined
          ? undefined
          : checkedPortRange(scope, KIND, "backends", "targetPort", backend.targetPort);
      const config = {
        name: backend.name,
        description: backend.description,
        targetAddress: fixedTargetAddress(scope, KIND, "backends", input.network, backend.target),
        targetPort: backend.targetPort === undefined ? undefined : String(backend.targetPort),
      };
      backends.set(backend.name, { config, range });
      resource.setAttribute(
        "backend",
        [...backends.values()].map((b) => b.config),
      );
    },
    addPort: (port) => {
      const protocol = checkedProtocol(scope, KIND, "ports", port.protocol);
      const listen = checkedPortRange(scope, KIND, "ports", "listenPort", port.listenPort);
      if (!Array.isArray(port.backends) || port.backends.length === 0)
        fail(scope, KIND, "ports", `port ${port.listenPort} needs at least one backend`);
      for (const name of port.backends) {
        const backend = backends.get(name);
        if (backend === undefined)
          fail(
            scope,
            KIND,
            "ports",
            `port ${port.listenPort} names the backend ${JSON.stringify(name)}, which is not added (backends: ${
              [...backends.keys()].join(", ") || "none"
            })`,
          );
        if (backend.range !== undefined)
          checkTargetRange(scope, KIND, "ports", backend.range, listen, {
            target: backend.config.targetPort as string,
            listen: port.listenPort,
          });
      }
      claim(protocol, port.listenPort, listen);
      ports.push({
        protocol,
        listenPort: String(port.listenPort),
        targetBackend: [...port.backends],
        description: port.description,
      });
      resource.setAttribute("port", [...ports]);
    },
  };
}
