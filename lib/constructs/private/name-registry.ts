// Object names must be unique where the host looks them up (an instance per project, a volume per pool, a pool per
// host, …). Two constructs of one stack that end up with the same name would synthesize fine and then fail half
// way through a deploy, so the second one is refused at synth, naming both construct paths.
import type { IConstruct } from "constructs";
import { isToken } from "../../bindings/attributes";
import { fail } from "./errors";
import type { NameRule } from "./names";
import { defaultName, nameProblem } from "./names";
import { StackContext } from "./stack-context";

/** Where a name must be unique: the host plus, for some kinds, the project or pool (construct paths or names). */
export type NameScope = readonly (string | undefined)[];

/**
 * The name of a host object: `name` (the prop) or the default derived from the construct path, checked against
 * `rule` and claimed in `where` (see claimName). Errors are ConstructValidationErrors on the `name` prop;
 * unresolved tokens are left to the host.
 */
export function resolveObjectName(
  scope: IConstruct,
  kind: string,
  rule: NameRule,
  where: NameScope,
  name: string | undefined,
): string {
  const resolved = name ?? defaultName(scope, rule);
  if (!isToken(resolved)) {
    const problem = nameProblem(resolved, rule);
    if (problem) fail(scope, kind, "name", problem);
  }
  claimName(scope, kind, where, resolved);
  return resolved;
}

/**
 * Records `name` for `scope` among the objects of `kind` in `where`; throws a ConstructValidationError on the `name`
 * prop when another construct of the stack already has it. Unresolved tokens are left to the host.
 */
export function claimName(scope: IConstruct, kind: string, where: NameScope, name: string): void {
  if (isToken(name)) return;
  // The key is the kind, the scope and the name, one NUL apart (none of them holds a NUL: they are names and paths).
  let key = kind;
  for (const part of where) {
    if (part !== undefined && isToken(part)) return;
    key += `\u0000${part ?? ""}`;
  }
  key += `\u0000${name}`;
  const owner = StackContext.of(scope).claimObjectName(key, scope.node.path);
  if (owner === undefined) return;
  fail(
    scope,
    kind,
    "name",
    `"${name}" is already the name of ${kind} "${owner}" in the same place on this host; ` +
      "give one of them another `name` (or another construct id: default names derive from the construct path)",
  );
}
