// Where an incus_instance lives, from its remote and project attributes: the client, the call options and the budget
// of one operation, as every step of the resource (plan, create, update, delete, snapshots) needs them.
import type { ResourceContext } from "../../framework";
import { DiagnosticError } from "../../framework";
import type { ScopedValues } from "../common/scope";
import type { IncusProviderData } from "../provider-data";
import type { Placement } from "./create";

/** The client, project and budgets for the instance described by `values`. */
export function placementOf(
  values: Pick<ScopedValues, "remote" | "project">,
  ctx: ResourceContext<IncusProviderData>,
): Placement {
  const data = ctx.providerData;
  const remote = typeof values.remote === "string" ? values.remote : null;
  let client;
  try {
    client = data.client(remote);
  } catch (err) {
    throw new DiagnosticError("Cannot use the Incus remote", (err as Error).message, ["remote"]);
  }
  const project = typeof values.project === "string" && values.project !== "" ? values.project : undefined;
  return {
    client,
    remote,
    call: { ...(project ? { project } : {}), signal: ctx.signal },
    timeoutMs: data.waitTimeoutMs,
  };
}
