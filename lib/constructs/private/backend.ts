// Which backend a host is, as a type the compiler narrows on `hostKind` (no casts), and a construct's options for
// one backend: grouped (`incus: {...}` / `libvirt: {...}`) or, for one release, flat and deprecated.
import type { IConstruct } from "constructs";
import { Annotations } from "../../framework";
import type { HostKind, IHost } from "../host";
import { IncusHost } from "../incus-host";
import { LibvirtHost } from "../libvirt-host";
import { fail } from "./errors";
import { rejectOn } from "./placement";

/** A host objects can be placed on; `host.hostKind === "incus"` narrows it to IncusHost. */
export type KnownHost = IncusHost | LibvirtHost;

/** The host as one of the two host classes; anything else is an error on the `host` prop. */
export function knownHost(scope: IConstruct, kind: string, host: IHost | undefined): KnownHost {
  if (host instanceof IncusHost || host instanceof LibvirtHost) return host;
  const article = /^[AEIOU]/.test(kind) ? "an" : "a";
  return fail(scope, kind, "host", `${article} ${kind} needs an IncusHost or a LibvirtHost`);
}

/** One backend's options of a construct: the group's prop name and the names of the options in it. */
export interface OptionGroup<T extends object> {
  readonly group: HostKind;
  readonly names: readonly (keyof T & string)[];
}

/**
 * The options of `group` for a construct on `host`: the grouped prop merged with the same options given flat (the
 * way they were written before the groups existed). On the other backend's host either is an error, as the flat
 * props always were. Each flat option gets a deprecation warning naming its new place; one given both ways is an
 * error.
 */
export function backendOptions<T extends object>(
  scope: IConstruct,
  kind: string,
  host: KnownHost,
  spec: OptionGroup<T>,
  grouped: T | undefined,
  flat: Partial<T>,
): Partial<T> {
  const flatGiven: { [name: string]: unknown } = {};
  for (const name of spec.names) flatGiven[name] = flat[name];
  rejectOn(scope, kind, host, otherKind(spec.group), { [spec.group]: grouped, ...flatGiven });
  const merged: Partial<T> = { ...grouped };
  for (const name of spec.names) {
    const value = flat[name];
    if (value === undefined) continue;
    const moved = `${spec.group}: { ${name} }`;
    if (grouped?.[name] !== undefined) fail(scope, kind, name, `is given twice, flat and in \`${moved}\`; keep the one in \`${spec.group}\``);
    Annotations.of(scope).addWarning(
      `${kind} "${scope.node.path}", prop "${name}" is deprecated: write it as \`${moved}\`. ` +
        `Flat ${spec.group === "incus" ? "Incus" : "libvirt"}-only props are removed in the next release.`,
    );
    merged[name] = value;
  }
  return merged;
}

function otherKind(kind: HostKind): HostKind {
  return kind === "incus" ? "libvirt" : "incus";
}
