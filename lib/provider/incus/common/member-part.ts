// The member part of a clustered pool or network: a resource with `target` creates the object pending on that
// member with the member's own keys; the resource without `target` then creates it cluster-wide with the rest.
// The member part's state holds only its member keys (the cluster-wide config and description show on every
// member and are no drift of the part). The owner marker a part may carry is never sent to the member (Incus keeps
// user keys cluster-wide); it proves the part ours when a run that died is adopted. An object still pending, never
// created cluster-wide, carries no marker anywhere and is refused.
import type { Unknown } from "../../cty";
import type { IncusProviderData } from "../provider-data";
import { AdoptionRefused } from "./adopt";
import { cliRemote, incusCommand, shellWord } from "./cli-command";
import { configMap, OWNER_KEY } from "./config";

/** True for the member part of a clustered object (a resource with a non-empty `target`). */
export function isMemberPart(values: { readonly target?: string | null | Unknown }): boolean {
  return typeof values.target === "string" && values.target !== "";
}

/** The keys of `config` a member holds for itself. */
export function memberKeys(
  config: Record<string, string> | null | undefined,
  keys: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(config ?? {})) if (keys.includes(key)) out[key] = value;
  return out;
}

/** A member part's config as state: its member keys as the member has them, and the marker as planned. */
export function memberPartConfig(
  live: Record<string, string> | null | undefined,
  known: Readonly<Record<string, string>> | Unknown | null | undefined,
  keys: readonly string[],
): Record<string, string> {
  const out = memberKeys(live, keys);
  const marker = known === null || known === undefined ? undefined : configMap(known)[OWNER_KEY];
  if (marker !== undefined) out[OWNER_KEY] = marker;
  return out;
}

/** What a member-specific create sends: everything but the marker. */
export function withoutMarker(config: Record<string, string>): Record<string, string> {
  const { [OWNER_KEY]: _marker, ...rest } = config;
  return rest;
}

/**
 * Refuses to adopt an object still pending on the member (thrown from the adoption lookup). The delete command names
 * the remote as the user's incus client knows it (cli-command.ts).
 */
export function refusePending(
  what: "storage pool" | "network",
  planned: {
    readonly name: string;
    readonly remote: string | null;
    readonly project?: string | null;
    readonly target: string | null;
  },
  remotes: Pick<IncusProviderData, "remoteInfo">,
): never {
  const name = planned.name;
  const remote = cliRemote(remotes.remoteInfo(planned.remote ?? undefined));
  const project = what === "network" ? (planned.project ?? undefined) : undefined;
  const command = incusCommand(
    [what === "network" ? "network" : "storage", "delete", shellWord(`${remote.prefix}${name}`)],
    project,
  );
  const first = remote.addRemote
    ? ` (your incus client has no remote at this address yet: run \`${remote.addRemote}\` first)`
    : "";
  throw new AdoptionRefused(
    `The ${what} ${JSON.stringify(name)} is pending on cluster member ${JSON.stringify(
      planned.target,
    )}: a run stopped before ` +
      `creating it cluster-wide, or someone else is creating it. A pending ${what} ${
        what === "network" ? "is not in use" : "holds no data"
      } and carries no ownership marker, ` +
      `so it was left untouched. If it is yours, delete it with \`${command}\`${first} and apply again.`,
  );
}

/**
 * Vets an object create's adoption lookup found under the planned name: a member part still pending is refused
 * (refusePending). A cluster-wide create the members refused leaves the object pending or errored: it exists for no
 * one, so the lookup fails and the create's own error (the members' refusal) is shown, not "already exists".
 */
export function vetFoundPart(
  what: "storage pool" | "network",
  status: string | undefined,
  planned: Parameters<typeof refusePending>[1],
  remotes: Pick<IncusProviderData, "remoteInfo">,
): void {
  if (isMemberPart(planned)) {
    if (status === "Pending") refusePending(what, planned, remotes);
  } else if (status === "Pending" || status === "Errored") {
    throw new Error(`the ${what} is ${status.toLowerCase()}, not created`);
  }
}
