// incus_network_forward, schema-compatible with lxc/incus: a forward is addressed by its network and listen
// address (both replace it when changed); description, config and ports are replaced as a whole (PUT). Incus's
// refusal because of the network (missing, or a driver without forwards) is reported at `network`.
import type { NetworkForward, NetworkForwardPort, NetworkForwardPut } from "../../../incus";
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
import type { NetworkForwardPlan, NetworkForwardState } from "./schema";
import { networkForwardSchema } from "./schema";

type PortState = NonNullable<NetworkForwardState["ports"]>[number];
type PortValues = Readonly<Record<string, unknown>>;

/** The ports as Incus takes them (protocol defaults to tcp in the schema, so it is always known). */
export function portsFromPlan(ports: unknown): NetworkForwardPort[] {
  const list = knownOr(ports as readonly PortValues[] | null, []);
  return list.map((port) => {
    const description = knownOr(port.description as string | null, "");
    return {
      protocol: knownOr(port.protocol as string | null, "tcp"),
      listen_port: String(port.listen_port),
      target_address: String(port.target_address),
      target_port: knownOr(port.target_port as string | null, ""),
      ...(description ? { description } : {}),
    };
  });
}

/**
 * The ports as state. A port description is optional and not computed: an empty one reads back as null unless
 * the configuration wrote `description = ""` on that port.
 */
export function portsState(live: readonly NetworkForwardPort[] | null | undefined, known: unknown): PortState[] | null {
  const knownPorts = Array.isArray(known) ? (known as PortValues[]) : [];
  if (!live || live.length === 0) return Array.isArray(known) && known.length === 0 ? [] : null;
  return live.map((port) => {
    const emptyConfigured = knownPorts.some(
      (k) =>
        k.description === "" &&
        k.listen_port === port.listen_port &&
        knownOr(k.protocol as string | null, "tcp") === port.protocol,
    );
    return {
      description: port.description ? port.description : emptyConfigured ? "" : null,
      protocol: port.protocol,
      listen_port: port.listen_port,
      target_port: port.target_port ?? "",
      target_address: port.target_address,
    };
  });
}

function forwardState(forward: NetworkForward, known: NetworkForwardPlan): NetworkForwardState {
  return {
    network: known.network,
    listen_address: known.listen_address,
    description: forward.description ?? "",
    project: known.project ?? null,
    remote: known.remote ?? null,
    config: stripComputedConfig(forward.config, userConfigOf(known.config)),
    ports: portsState(forward.ports, known.ports),
  };
}

const resource: Resource<IncusProviderData, typeof networkForwardSchema> = {
  typeName: "incus_network_forward",
  schema: networkForwardSchema,
  ...listenAddressResource<NetworkForwardPlan, NetworkForwardState, NetworkForward, NetworkForwardPut>({
    typeName: "incus_network_forward",
    networkTypes: ["bridge", "ovn"],
    needs: "Forwards need a bridge or OVN network.",
    endpoint: (client) => client.networkForwards,
    body: (planned) => ({
      description: planned.description ?? "",
      config: configMap(planned.config),
      ports: portsFromPlan(planned.ports),
    }),
    state: forwardState,
  }),
};

export const networkForwardResource = requiringApiExtension("network_forward", resource);
