// The import plan of network load balancers (OVN networks only): a NetworkLoadBalancer per balancer of an imported
// network, each backend resolved to the imported Instance that holds its target address as a fixed address
// (`incus: { ipv4Address }`): the construct takes instances, not addresses. Adopted with
// `[project]/network/listen_address`. A balancer whose backends or ports the construct cannot express is skipped
// with a warning, so the deploy never rewrites it.
import type { NetworkLoadBalancer } from "../../incus";
import { forwardImportId } from "./import-ids";
import { unmodelledConfigProblem } from "./plan-warnings";
import { PORT_OR_RANGE, portValue, protocolValue } from "./plan-ports";
import type { Ref, Value } from "./source-text";

/** A load balancer together with the network it belongs to (the API object does not name it). */
export interface NetworkLoadBalancerOf extends NetworkLoadBalancer {
  readonly network: string;
}

/** What the load balancer planner needs of the plan. */
export interface LoadBalancerPlanContext {
  /** The declared (imported) Network of that name, or undefined when the network is not imported. */
  network(name: string): Ref | undefined;
  /** The imported Instance whose eth0 is on `network` with the fixed address `address`. */
  target(network: string, address: string): Ref | undefined;
  declare(className: "NetworkLoadBalancer", props: Value, importId: string, name: string, suffix: string): Ref;
  warn(message: string): void;
}

export function planLoadBalancers(balancers: readonly NetworkLoadBalancerOf[], context: LoadBalancerPlanContext): void {
  for (const lb of balancers) {
    const what = `network load balancer ${lb.listen_address} on "${lb.network}"`;
    const network = context.network(lb.network);
    if (!network) {
      context.warn(`${what}: its network is not imported — not imported`);
      continue;
    }
    const problems: string[] = [];
    const backends: Value[] = (lb.backends ?? []).map((backend) => {
      const target = context.target(lb.network, backend.target_address);
      if (!target)
        problems.push(
          `backend ${backend.name} is ${backend.target_address}, which is no imported instance's fixed eth0 address (ipv4.address) on the network`,
        );
      if (backend.target_port && !PORT_OR_RANGE.test(backend.target_port))
        problems.push(`backend ${backend.name}: a list of target ports; the construct takes one port or range`);
      return {
        name: backend.name,
        target,
        targetPort: backend.target_port ? portValue(backend.target_port) : undefined,
        description: backend.description || undefined,
      };
    });
    const ports: Value[] = (lb.ports ?? []).map((port) => {
      if (!PORT_OR_RANGE.test(port.listen_port))
        problems.push(`port ${port.listen_port}: a list of ports; the construct takes one port or range per entry`);
      return {
        listenPort: portValue(port.listen_port),
        backends: [...(port.target_backend ?? [])],
        protocol: protocolValue(port.protocol),
        description: port.description || undefined,
      };
    });
    const configProblem = unmodelledConfigProblem("NetworkLoadBalancer", lb.config);
    if (configProblem) problems.push(configProblem);
    if (problems.length > 0) {
      context.warn(`${what}: ${problems.join("; ")} — not imported`);
      continue;
    }
    context.declare(
      "NetworkLoadBalancer",
      {
        network,
        listenAddress: lb.listen_address,
        description: lb.description || undefined,
        backends: backends.length > 0 ? backends : undefined,
        ports: ports.length > 0 ? ports : undefined,
      },
      forwardImportId(lb.network, lb.listen_address),
      `${lb.network}-${lb.listen_address}`,
      "LoadBalancer",
    );
  }
}
