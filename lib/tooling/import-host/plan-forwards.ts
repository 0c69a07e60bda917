// The import plan of network forwards: a NetworkForward per forward of an imported network, each port sent to the
// imported Instance that holds its target address as a fixed address (`incus: { ipv4Address }`), adopted with
// `[project]/network/listen_address`. A forward whose ports or config the construct cannot express is skipped with
// a warning, so the deploy never rewrites it.
import type { NetworkForward } from "../../incus";
import { forwardImportId } from "./import-ids";
import { unmodelledConfigProblem } from "./plan-warnings";
import { PORT_OR_RANGE, portValue, protocolValue } from "./plan-ports";
import type { Ref, Value } from "./source-text";

/** A forward together with the network it belongs to (the API object does not name it). */
export interface NetworkForwardOf extends NetworkForward {
  readonly network: string;
}

/** What the forward planner needs of the plan. */
export interface ForwardPlanContext {
  /** The declared (imported) Network of that name, or undefined when the network is not imported. */
  network(name: string): Ref | undefined;
  /** The imported Instance whose eth0 is on `network` with the fixed address `address`. */
  target(network: string, address: string): Ref | undefined;
  declare(className: "NetworkForward", props: Value, importId: string, name: string, suffix: string): Ref;
  warn(message: string): void;
}

export function planForwards(forwards: readonly NetworkForwardOf[], context: ForwardPlanContext): void {
  for (const forward of forwards) {
    const what = `network forward ${forward.listen_address} on "${forward.network}"`;
    const network = context.network(forward.network);
    if (!network) {
      context.warn(`${what}: its network is not imported — not imported`);
      continue;
    }
    const ports: Value[] = [];
    const problems: string[] = [];
    for (const port of forward.ports ?? []) {
      const target = context.target(forward.network, port.target_address);
      if (!target)
        problems.push(
          `port ${port.listen_port} goes to ${port.target_address}, which is no imported instance's fixed eth0 address (ipv4.address) on the network`,
        );
      if (!PORT_OR_RANGE.test(port.listen_port) || (port.target_port && !PORT_OR_RANGE.test(port.target_port)))
        problems.push(`port ${port.listen_port}: a list of ports; the construct takes one port or range per entry`);
      if (port.snat) problems.push(`port ${port.listen_port}: the construct has no prop for snat`);
      ports.push({
        listenPort: portValue(port.listen_port),
        target,
        targetPort: port.target_port && port.target_port !== port.listen_port ? portValue(port.target_port) : undefined,
        protocol: protocolValue(port.protocol),
        description: port.description || undefined,
      });
    }
    const configProblem = unmodelledConfigProblem("NetworkForward", forward.config);
    if (configProblem) problems.push(configProblem);
    if (problems.length > 0) {
      context.warn(`${what}: ${problems.join("; ")} — not imported`);
      continue;
    }
    context.declare(
      "NetworkForward",
      {
        network,
        listenAddress: forward.listen_address,
        description: forward.description || undefined,
        ports: ports.length > 0 ? ports : undefined,
      },
      forwardImportId(forward.network, forward.listen_address),
      `${forward.network}-${forward.listen_address}`,
      "Forward",
    );
  }
}
