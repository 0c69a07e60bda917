// Where an object lives: its host (and, on Incus, the remote and project). Shared checks for host kinds.
import type { IHost } from "../host";
import type { IncusHost } from "../incus-host";
import type { LibvirtHost } from "../libvirt-host";
import type { IConstruct } from "constructs";
import { fail } from "./errors";

/** The host as an IncusHost, or an error naming the prop that only works on Incus. */
export function requireIncus(scope: IConstruct, kind: string, prop: string, host: IHost): IncusHost {
  if (host.hostKind !== "incus") {
    fail(scope, kind, prop, `only Incus hosts support this, but the host "${host.node.path}" is a ${host.hostKind} host`);
  }
  return host as IncusHost;
}

/** The host as a LibvirtHost, or an error naming the prop that only works on libvirt. */
export function requireLibvirt(scope: IConstruct, kind: string, prop: string, host: IHost): LibvirtHost {
  if (host.hostKind !== "libvirt") {
    fail(scope, kind, prop, `only libvirt hosts support this, but the host "${host.node.path}" is an ${host.hostKind} host`);
  }
  return host as LibvirtHost;
}

/** Rejects a prop that has no meaning on the given host kind. */
export function rejectOn(scope: IConstruct, kind: string, host: IHost, hostKind: string, props: { [prop: string]: unknown }): void {
  if (host.hostKind !== hostKind) return;
  for (const [prop, value] of Object.entries(props)) {
    if (value !== undefined) {
      fail(scope, kind, prop, `is not supported on ${hostKind} hosts (host "${host.node.path}"); remove it`);
    }
  }
}

/** Rejects user config keys the constructs manage themselves. */
export function rejectManagedKeys(
  scope: IConstruct,
  kind: string,
  config: { readonly [key: string]: string } | undefined,
  managed: { readonly [prefixOrKey: string]: string },
): void {
  for (const key of Object.keys(config ?? {})) {
    for (const [reserved, advice] of Object.entries(managed)) {
      if (reserved.endsWith(".") ? key.startsWith(reserved) : key === reserved) {
        fail(scope, kind, "config", `the key "${key}" is managed by cdktf-virt; ${advice}`);
      }
    }
  }
}
