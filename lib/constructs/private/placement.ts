// Where an object lives: its host (and, on Incus, the remote and project). Shared checks for host kinds.
import type { IConstruct } from "constructs";
import type { IHost } from "../model/host";
import { fail } from "./errors";

/** The project when it is not Incus's `default` project (objects in `default` omit `project`), else undefined. */
export function nonDefaultProject<P extends { readonly isDefault: boolean }>(project: P | undefined): P | undefined {
  return project && !project.isDefault ? project : undefined;
}

/** Rejects a prop that has no meaning on the given host kind. */
export function rejectOn(
  scope: IConstruct,
  kind: string,
  host: IHost,
  hostKind: string,
  props: { [prop: string]: unknown },
): void {
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
