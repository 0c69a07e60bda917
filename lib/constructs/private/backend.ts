// The builder of a construct's host: IncusHost and LibvirtHost each register their own (private/incus-backend.ts,
// private/libvirt-backend.ts) when they are constructed, so the constructs placed on a host reach it without
// knowing the host classes.
import type { IConstruct } from "constructs";
import type { IHost } from "../model/host";
import { fail } from "./errors";
import type { HostBackend } from "./host-backend";

const builders = new WeakMap<IHost, HostBackend>();

/** Called once by each host construct with the builder of its backend. */
export function registerBackend(host: IHost, backend: HostBackend): void {
  builders.set(host, backend);
}

/** The builder of `host`; a host that is neither an IncusHost nor a LibvirtHost is an error on the `host` prop. */
export function backendOf(scope: IConstruct, kind: string, host: IHost | undefined): HostBackend {
  const known = host && builders.get(host);
  if (known) return known;
  const article = /^[AEIOU]/.test(kind) ? "an" : "a";
  return fail(scope, kind, "host", `${article} ${kind} needs an IncusHost or a LibvirtHost`);
}
