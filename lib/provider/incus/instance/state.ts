// Building incus_instance state from what Incus reports. Attributes Incus cannot tell us (image, exec,
// file and wait_for blocks, source_*) come from the base values (prior state or plan); everything else is
// read live, so out-of-band changes show as drift.
import { isUnknown } from "../../framework";
import type { Instance, InstanceState as RuntimeState } from "../../../incus";
import { devicesToBlocks, knownOr, stripComputedConfig, userConfigOf } from "../common";
import { recordedFiles } from "./files";
import { interfacesOf, pickAddresses } from "./network";
import { isRunning } from "./power";
import type { InstancePlan, InstanceState } from "./schema";
import { INSTANCE_COMPUTED_CONFIG } from "./schema";

/** Computed attributes that may legitimately change while an instance runs (addresses come and go). */
export const VOLATILE_COMPUTED = ["ipv4_address", "ipv6_address", "mac_address", "interfaces", "status"] as const;

/**
 * The cluster member as state records it: "" on a standalone server (Incus says "none"), the planned
 * `@group` when the user targeted a group, else the member Incus placed the instance on.
 */
function targetOf(location: string, base: InstancePlan["target"]): string {
  const planned = knownOr(base, null);
  if (!location || location === "none") return "";
  if (planned && planned.startsWith("@")) return planned;
  return location;
}

/**
 * Whether the instance is a container with no network device of its own or from its profiles (and no access
 * interface named): its runtime state then holds only the loopback, so its addresses are none and its interfaces an
 * empty set whatever /state says.
 */
function withoutNetwork(live: Pick<Instance, "type" | "expanded_devices" | "config">): boolean {
  return (
    live.type === "container" &&
    live.config?.["user.access_interface"] === undefined &&
    !Object.values(live.expanded_devices ?? {}).some((d) => d.type === "nic" || d.type === "infiniband")
  );
}

/** Full state of an instance from the live object and its runtime state. */
export function instanceStateFrom(base: InstancePlan, live: Instance, runtime: RuntimeState | null): InstanceState {
  const addresses = pickAddresses(live.config ?? {}, runtime);
  // What /state would give a running container without network devices: no interface of a device.
  const interfaces =
    runtime === null && isRunning(live) && withoutNetwork(live) ? {} : interfacesOf(live.config ?? {}, runtime);
  const keepDevices = knownOr(base.source_file, null) !== null && Array.isArray(base.device) && base.device.length > 0;
  return {
    name: live.name,
    description: live.description ?? "",
    type: live.type,
    image: knownOr(base.image, null),
    ephemeral: Boolean(live.ephemeral),
    running: runtime ? isRunning(runtime) : isRunning(live),
    profiles: [...(live.profiles ?? [])],
    project: knownOr(base.project, null),
    remote: knownOr(base.remote, null),
    target: targetOf(live.location, base.target),
    // The user's config (null on import: then every server-generated key is dropped).
    config: stripComputedConfig(live.config, userConfigOf(knownOr(base.config, null)), INSTANCE_COMPUTED_CONFIG),
    exec: knownOr(base.exec, null),
    source_instance: knownOr(base.source_instance, null),
    source_file: knownOr(base.source_file, null),
    architecture: live.architecture,
    ipv4_address: addresses.ipv4,
    ipv6_address: addresses.ipv6,
    mac_address: addresses.mac,
    status: runtime?.status ?? live.status,
    interfaces,
    wait_for: Array.isArray(base.wait_for) ? base.wait_for : [],
    // A backup restore's pool device is not an instance device afterwards; keep the user's block (official).
    device: keepDevices ? base.device : devicesToBlocks(live.devices, base.device),
    file: Array.isArray(base.file) ? recordedFiles(base.file) : [],
  };
}

/**
 * Whether state built from `live` needs the runtime state (/state, which also sums the disk usage: slow on a
 * `dir` pool, the most expensive read of an apply). A stopped instance has no network state, and a container without
 * network devices only its loopback, so their addresses and interfaces are known without it, and the instance
 * object's status is the one /state reports. Not reading it matters beyond the read: on Incus 6.0 a /state read of
 * a running container without a NIC fails incusd's netlink query, after which the daemon reads every container's
 * network state through a child process until it restarts (docs/providers.md, "Things to know").
 */
export function needsRuntimeState(live: Pick<Instance, "status" | "type" | "expanded_devices" | "config">): boolean {
  return live.status !== "Stopped" && !withoutNetwork(live);
}

/**
 * Whether a planned update already shows every runtime-derived attribute as known: `keepKnownPlanned` then
 * keeps those values whatever /state says, so the read-back after the update need not read it.
 */
export function planFixesRuntime(planned: InstancePlan): boolean {
  return VOLATILE_COMPUTED.every((key) => !isUnknown(planned[key]));
}

/**
 * After an update, keeps the planned value of every computed attribute the plan already showed as known:
 * Terraform rejects a result that differs from a known planned value, and an address that changed between
 * plan and apply is picked up by the next refresh anyway.
 */
export function keepKnownPlanned(state: InstanceState, planned: InstancePlan): InstanceState {
  return {
    ...state,
    ipv4_address: plannedOr(planned.ipv4_address, state.ipv4_address),
    ipv6_address: plannedOr(planned.ipv6_address, state.ipv6_address),
    mac_address: plannedOr(planned.mac_address, state.mac_address),
    interfaces: plannedOr(planned.interfaces, state.interfaces),
    status: plannedOr(planned.status, state.status),
  };
}

/**
 * The planned value unless it is unknown, else the one read. A runtime value the plan shows as known came from
 * the prior state (plan.ts marks it unknown whenever the change may alter it), so it is known all the way down.
 */
function plannedOr<T>(planned: unknown, read: T): T {
  return isUnknown(planned) ? read : (planned as T);
}
