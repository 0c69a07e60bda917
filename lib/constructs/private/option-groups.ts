// A construct's options for one backend: grouped (`incus: {...}` / `libvirt: {...}`) or, for one release, flat and
// deprecated. The group of the other backend's host is an error, as the flat props always were.
import type { IConstruct } from "constructs";
import { Annotations } from "../../framework";
import type { HostKind, IHost } from "../model/host";
import type { OptionGroup } from "../model/option-group";
import { fail } from "./errors";
import { rejectOn } from "./placement";

/**
 * The options of `group` for a construct on `host`: the grouped prop merged with the same options given flat (the
 * way they were written before the groups existed). On the other backend's host either is an error, as the flat
 * props always were. Each flat option gets a deprecation warning naming its new place; one given both ways is an
 * error.
 */
export function backendOptions<T extends object>(
  scope: IConstruct,
  kind: string,
  host: IHost,
  spec: OptionGroup<T>,
  grouped: T | undefined,
  flat: Partial<T>,
): Partial<T> {
  if (host.hostKind === otherKind(spec.group)) {
    const flatGiven: { [name: string]: unknown } = {};
    for (const name of spec.names) flatGiven[name] = flat[name];
    rejectOn(scope, kind, host, otherKind(spec.group), { [spec.group]: grouped, ...flatGiven });
  }
  const merged: Partial<T> = { ...grouped };
  for (const name of spec.names) {
    const value = flat[name];
    if (value === undefined) continue;
    const moved = `${spec.group}: { ${name} }`;
    if (grouped?.[name] !== undefined)
      fail(scope, kind, name, `is given twice, flat and in \`${moved}\`; keep the one in \`${spec.group}\``);
    deprecated(scope, kind, `prop "${name}"`, `\`${moved}\``, spec.group);
    merged[name] = value;
  }
  return merged;
}

/** The warning of a deprecated flat prop or getter of one backend, naming its new place. */
export function deprecated(scope: IConstruct, kind: string, what: string, moved: string, group: HostKind): void {
  Annotations.of(scope).addWarning(
    `${kind} "${scope.node.path}", ${what} is deprecated: write it as ${moved}. ` +
      `Flat ${group === "incus" ? "Incus" : "libvirt"}-only ${
        what.startsWith("prop") ? "props" : "getters"
      } are removed in the next release.`,
  );
}

function otherKind(kind: HostKind): HostKind {
  return kind === "incus" ? "libvirt" : "incus";
}
