// Objects that live under a network (forwards, load balancers, peers). Incus refuses them on a network that does not
// exist ("Failed loading network: Network not found") or whose driver lacks them ("Network driver "bridge" does not
// support load balancers"); both refusals are reported at the resource's `network` attribute, with what the object
// needs, instead of as a bare request failure.
import type { Unknown } from "../../cty";
import type { ResourceContext } from "../../framework";
import { DiagnosticError, isUnknown } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { errorMessage, ignoreNotFound } from "./errors";
import type { ScopedValues } from "./scope";
import { callFor, clientFor } from "./scope";

const DRIVER_REFUSAL = /Network driver "([^"]+)" does not support/;
const MISSING_NETWORK = /Network not found/;

/** Runs `create`; a refusal because of the network becomes a DiagnosticError at ["network"]. */
export async function reportDriverRefusal(
  typeName: string,
  network: string,
  needs: string,
  create: () => Promise<void>,
): Promise<void> {
  try {
    await create();
  } catch (err) {
    const message = errorMessage(err);
    const refusal = DRIVER_REFUSAL.exec(message);
    if (refusal) {
      throw new DiagnosticError(
        `${typeName} cannot be created on network ${JSON.stringify(network)}`,
        `Incus refused: ${message}. ${needs} Network ${JSON.stringify(network)} uses the "${refusal[1]}" driver.`,
        ["network"],
      );
    }
    if (MISSING_NETWORK.test(message)) {
      throw new DiagnosticError(
        `${typeName} cannot be created: network ${JSON.stringify(network)} does not exist`,
        `Incus refused: ${message}. Check the network's name, project and remote.`,
        ["network"],
      );
    }
    throw err;
  }
}

/** What the plan-time network check reads of a plan. */
export interface NetworkScopedPlan extends ScopedValues {
  readonly network?: string | null | Unknown;
}

/**
 * Refuses the plan of a new object, at `network`, when the network already exists with a type that cannot hold the object. A
 * network not found (made by the same run, or missing) or a server that cannot be asked now is left to the apply.
 */
export async function checkNetworkTypeAtPlan(
  planned: NetworkScopedPlan | null,
  prior: NetworkScopedPlan | null,
  typeName: string,
  types: readonly string[],
  needs: string,
  ctx: ResourceContext<IncusProviderData>,
): Promise<void> {
  if (!planned || !ctx.providerData) return;
  // An object that exists stays on its network: only a create (or a move, which replaces it) needs the check.
  if (prior && prior.network === planned.network) return;
  if (typeof planned.network !== "string" || isUnknown(planned.remote) || isUnknown(planned.project)) return;
  let type: string | undefined;
  try {
    const found = await ignoreNotFound(clientFor(ctx, planned).networks.get(planned.network, callFor(ctx, planned)));
    type = found?.value.type;
  } catch {
    return;
  }
  if (type === undefined || types.includes(type)) return;
  ctx.diagnostics.error(
    `${typeName} cannot be created on network ${JSON.stringify(planned.network)}`,
    `${needs} Network ${JSON.stringify(planned.network)} is of type "${type}". Nothing was changed.`,
    ["network"],
  );
}
