// The builder of a construct's host: IncusHost and LibvirtHost each build their own backend objects
// (private/incus-backend.ts, private/libvirt-backend.ts). The hosts do not import their builders: the builders know
// the option types, which name the hosts (a Profile's IncusHost), so the link is made here, once per host.
import type { IConstruct } from "constructs";
import type { IHost } from "../host";
import { IncusHost } from "../incus-host";
import { LibvirtHost } from "../libvirt-host";
import { fail } from "./errors";
import type { HostBackend } from "./host-backend";
import { incusBackend } from "./incus-backend";
import { libvirtBackend } from "./libvirt-backend";

const builders = new WeakMap<IHost, HostBackend>();

/** The builder of `host`; a host that is neither an IncusHost nor a LibvirtHost is an error on the `host` prop. */
export function backendOf(scope: IConstruct, kind: string, host: IHost | undefined): HostBackend {
  const known = host && builders.get(host);
  if (known) return known;
  const built =
    host instanceof IncusHost ? incusBackend(host) : host instanceof LibvirtHost ? libvirtBackend(host) : undefined;
  if (host === undefined || built === undefined) {
    const article = /^[AEIOU]/.test(kind) ? "an" : "a";
    return fail(scope, kind, "host", `${article} ${kind} needs an IncusHost or a LibvirtHost`);
  }
  builders.set(host, built);
  return built;
}
