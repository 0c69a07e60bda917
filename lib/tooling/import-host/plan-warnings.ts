// Warnings the planners of network objects share: an object of another project than the default one (the
// constructs place it in the default project only), and config keys the construct has no prop for.
import { RECORD_KEY_PREFIX } from "../../records";

/** How a warning names an object kind that only the default project's objects of are imported. */
export interface DefaultProjectKind {
  /** e.g. "network ACL" */
  readonly kind: string;
  /** e.g. "NetworkAcl" */
  readonly construct: string;
  /** e.g. "ACLs" */
  readonly plural: string;
  /** e.g. "ACL", as in "the ACL's resource" */
  readonly noun: string;
}

/**
 * Warns about an object of another project than the default one, which its construct cannot place; true when it
 * is to be skipped.
 */
export function outsideDefaultProject(
  what: DefaultProjectKind,
  object: { readonly name: string; readonly project?: string },
  warn: (m: string) => void,
): boolean {
  if (!object.project || object.project === "default") return false;
  warn(
    `${what.kind} "${object.name}" lives in the project "${object.project}"; the ${what.construct} construct places ${what.plural} in the default project only — not imported`,
  );
  return true;
}

/** Warns about the config keys (besides the records) the construct has no prop for: the next deploy removes them. */
export function warnUnmodelledConfig(
  what: DefaultProjectKind,
  name: string,
  config: { readonly [key: string]: string },
  modelled: (key: string) => boolean,
  warn: (m: string) => void,
): void {
  const dropped = Object.keys(config)
    .filter((key) => !modelled(key) && !key.startsWith(RECORD_KEY_PREFIX))
    .sort();
  if (dropped.length > 0)
    warn(
      `${what.kind} "${name}": the ${what.construct} construct has no prop for ${dropped.join(", ")}; the next deploy removes them — set them again on the ${what.noun}'s resource (an escape hatch) if they matter`,
    );
}

/**
 * The problem that keeps an object whose construct writes only the ownership marker as its config (forwards, load
 * balancers) from being imported: config keys of its own, which a deploy would remove. Undefined when it has none.
 */
export function unmodelledConfigProblem(
  construct: string,
  config: { readonly [key: string]: string } | null | undefined,
): string | undefined {
  const keys = Object.keys(config ?? {})
    .filter((k) => !k.startsWith(RECORD_KEY_PREFIX))
    .sort();
  return keys.length > 0
    ? `the ${construct} construct has no prop for its config (${keys.join(", ")}), which a deploy would remove`
    : undefined;
}
