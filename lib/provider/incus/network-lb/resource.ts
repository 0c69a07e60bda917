// incus_network_lb, schema-compatible with lxc/incus: addressed by network and listen address (both replace it);
// description, config, backends and ports are replaced as a whole (PUT). Incus supports load balancers on OVN
// networks only: its refusal on any other network is reported at `network`.
import type {
  NetworkLoadBalancer,
  NetworkLoadBalancerBackend,
  NetworkLoadBalancerPort,
  NetworkLoadBalancerPut,
} from "../../../incus";
import type { Resource } from "../../framework";
import {
  configMap,
  knownOr,
  listenAddressResource,
  requiringApiExtension,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import type { NetworkLbPlan, NetworkLbState } from "./schema";
import { networkLbSchema } from "./schema";

type BackendState = NetworkLbState["backend"][number];
type PortState = NetworkLbState["port"][number];
type Values = Readonly<Record<string, unknown>>;

const text = (value: unknown, fallback = ""): string => knownOr(value as string | null, fallback);

export function backendsFromPlan(backends: unknown): NetworkLoadBalancerBackend[] {
  return knownOr(backends as readonly Values[] | null, []).map((b) => ({
    name: String(b.name),
    description: text(b.description),
    target_address: String(b.target_address),
    target_port: text(b.target_port),
  }));
}

export function portsFromPlan(ports: unknown): NetworkLoadBalancerPort[] {
  return knownOr(ports as readonly Values[] | null, []).map((p) => ({
    description: text(p.description),
    protocol: text(p.protocol, "tcp"),
    listen_port: String(p.listen_port),
    target_backend: knownOr(p.target_backend as readonly string[] | null, []).map(String),
  }));
}

/** Backends as state; target_port is optional and not computed: empty reads back as null unless configured "". */
export function backendsState(live: readonly NetworkLoadBalancerBackend[] | null | undefined, known: unknown) {
  const configured = Array.isArray(known) ? (known as Values[]) : [];
  return (live ?? []).map((b): BackendState => ({
    name: b.name,
    description: b.description ?? "",
    target_address: b.target_address,
    target_port: b.target_port
      ? b.target_port
      : configured.some((k) => k.name === b.name && k.target_port === "")
        ? ""
        : null,
  }));
}

export function portsState(live: readonly NetworkLoadBalancerPort[] | null | undefined): PortState[] {
  return (live ?? []).map((p) => ({
    description: p.description ?? "",
    protocol: p.protocol,
    listen_port: p.listen_port,
    target_backend: [...(p.target_backend ?? [])],
  }));
}

function lbState(lb: NetworkLoadBalancer, known: NetworkLbPlan): NetworkLbState {
  return {
    network: known.network,
    listen_address: known.listen_address,
    description: lb.description ?? "",
    project: known.project ?? null,
    remote: known.remote ?? null,
    config: stripComputedConfig(lb.config, userConfigOf(known.config)),
    backend: backendsState(lb.backends, known.backend),
    port: portsState(lb.ports),
  };
}

const resource: Resource<IncusProviderData, typeof networkLbSchema> = {
  typeName: "incus_network_lb",
  schema: networkLbSchema,

  validateConfig(config, ctx) {
    // Every port must balance over backends this load balancer declares (Incus would refuse it at apply).
    const backends = knownOr(config.backend as readonly Values[] | null, []);
    const ports = knownOr(config.port as readonly Values[] | null, []);
    if (backends.some((b) => typeof b.name !== "string")) return;
    const names = new Set(backends.map((b) => b.name as string));
    for (const port of ports) {
      const targets = knownOr(port.target_backend as readonly unknown[] | null, []);
      const missing = targets.filter((t) => typeof t === "string" && !names.has(t));
      if (missing.length === 0) continue;
      ctx.diagnostics.error(
        "Unknown load balancer backend",
        `Port ${JSON.stringify(port.listen_port)} targets ${missing
          .map((m) => JSON.stringify(m))
          .join(", ")}, which no backend block declares (declared: ${[...names].join(", ") || "none"}).`,
        ["port"],
      );
    }
  },

  // The official provider has no import for load balancers; this one takes the forward's ID format.
  ...listenAddressResource<NetworkLbPlan, NetworkLbState, NetworkLoadBalancer, NetworkLoadBalancerPut>({
    typeName: "incus_network_lb",
    networkTypes: ["ovn"],
    needs: "Load balancers need an OVN network.",
    endpoint: (client) => client.networkLoadBalancers,
    body: (planned) => ({
      description: planned.description ?? "",
      config: configMap(planned.config),
      backends: backendsFromPlan(planned.backend),
      ports: portsFromPlan(planned.port),
    }),
    state: lbState,
  }),
};

export const networkLbResource = requiringApiExtension("network_load_balancer", resource);
