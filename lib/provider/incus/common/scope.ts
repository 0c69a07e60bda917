// Which remote, project and cluster member a resource's calls go to, taken from its state or plan.
import type { CallOptions, IncusClient } from "../../../incus";
import type { Unknown } from "../../cty";
import type { ResourceContext } from "../../framework";
import type { IncusProviderData } from "../provider-data";

/** The scoping attributes most incus_* resources have (null when unset; a plan may not know them yet). */
export interface ScopedValues {
  readonly remote?: string | null | Unknown;
  readonly project?: string | null | Unknown;
  readonly target?: string | null | Unknown;
}

/** The client of the object's remote (the default remote when `remote` is unset). */
export function clientFor(ctx: ResourceContext<IncusProviderData>, values: ScopedValues): IncusClient {
  return ctx.providerData.client(optionalString(values.remote) ?? null);
}

/** Call options for the object: its project and target (when set) and Terraform's stop signal. */
export function callFor(
  ctx: ResourceContext<IncusProviderData>,
  values: ScopedValues,
  extra: CallOptions = {},
): CallOptions {
  // Attributes not known yet (a computed target during create) are left out, like unset ones.
  const project = optionalString(values.project);
  const target = optionalString(values.target);
  return {
    ...(project ? { project } : {}),
    ...(target ? { target } : {}),
    signal: ctx.signal,
    ...extra,
  };
}

/** A string attribute's value, or undefined when null or empty. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
