// What a planned delete of a project or a storage pool means for the data kept in it. The removal policies keep
// copies in the volume's own pool and project (a RETAIN volume let go, a SNAPSHOT volume's final copy, the
// snapshots a kept volume holds), so deleting the container could take them along. The bundled providers never do:
// a project or pool that holds kept copies is left on the host and dropped from the state. A project with
// force_destroy is still data loss for the guard when the stack records volumes in it whose policy is not destroy:
// force_destroy says "delete everything in it", and the official provider does just that.
// Kept copies of earlier deploys are on the host only; the plan cannot list them, and the text says so.
import { recordedRemovalPolicy } from "../stack/removal-policy";
import type { RemovalPolicyName } from "../../records";
import type { CouplingModel } from "../stack/coupling";
import { isLiteralString, soleReference } from "../stack/references";
import type { ResourceChange } from "./changes";

type Values = { readonly [key: string]: unknown };

/** Resource types that hold volumes, and the volume attribute that names them. */
const CONTAINERS: {
  readonly [type: string]: { readonly volumeType: string; readonly attribute: string; readonly noun: string };
} = {
  incus_project: { volumeType: "incus_storage_volume", attribute: "project", noun: "project" },
  incus_storage_pool: { volumeType: "incus_storage_volume", attribute: "pool", noun: "storage pool" },
  libvirt_pool: { volumeType: "libvirt_volume", attribute: "pool", noun: "pool" },
};

/** A volume of the stack in the container whose removal policy is not destroy. */
export interface HeldVolume {
  readonly address: string;
  readonly name: string;
  readonly policy: RemovalPolicyName | "unknown";
}

export interface ContainerDeletion {
  readonly address: string;
  /** "project", "storage pool" or "pool". */
  readonly noun: string;
  readonly name: string;
  /** force_destroy is set (in the state or the configuration). */
  readonly forced: boolean;
  readonly holds: readonly HeldVolume[];
  /** A forced project delete with volumes in it whose policy keeps data: the guard refuses it. */
  readonly dataDestroyed: boolean;
  readonly text: string;
}

/** The project and pool deletions of a plan, by address, with what they hold. */
export function containerDeletions(
  model: CouplingModel,
  changes: ReadonlyMap<string, ResourceChange>,
  stateOf: (address: string) => Values | undefined,
): Map<string, ContainerDeletion> {
  const out = new Map<string, ContainerDeletion>();
  for (const change of changes.values()) {
    const container = CONTAINERS[change.type];
    if (container === undefined || (change.kind !== "delete" && change.kind !== "replace")) continue;
    const state = stateOf(change.address) ?? {};
    const configured = model.views.get(change.address);
    const name = typeof state.name === "string" ? state.name : change.address.split(".")[1];
    const forced =
      change.type === "incus_project" &&
      (state.force_destroy === true ||
        (configured?.origin === "config" && configured.attributes.force_destroy === true));
    const holds: HeldVolume[] = [];
    for (const volume of model.volumes.values()) {
      if (volume.type !== container.volumeType) continue;
      const view = model.views.get(volume.address);
      const volumeState = stateOf(volume.address);
      const inIt = [view?.attributes[container.attribute], volumeState?.[container.attribute]].some(
        (value) => soleReference(value)?.address === change.address || (isLiteralString(value) && value === name),
      );
      if (!inIt) continue;
      const policy = recordedRemovalPolicy(volume.type, volumeState ?? view?.attributes ?? {}).policy;
      if (policy !== "destroy") holds.push({ address: volume.address, name: volume.name, policy });
    }
    holds.sort((a, b) => a.address.localeCompare(b.address));
    out.set(change.address, {
      address: change.address,
      noun: container.noun,
      name,
      forced,
      holds,
      dataDestroyed: forced && holds.length > 0,
      text: describe(container.noun, forced, holds),
    });
  }
  return out;
}

function describe(noun: string, forced: boolean, holds: readonly HeldVolume[]): string {
  const list = holds.map((h) => `"${h.name}" (removal policy ${h.policy})`).join(", ");
  if (forced && holds.length > 0) {
    return (
      `force_destroy deletes everything in it, and it holds volumes whose removal policy keeps their data: ${list}; ` +
      "the bundled provider keeps the project then, but force_destroy on data meant to be kept is refused: unset forceDestroy first"
    );
  }
  if (holds.length > 0)
    return `holds kept copies of ${list}: the provider keeps the ${noun} (left on the host, dropped from the state)`;
  return `may hold kept copies: the provider keeps the ${noun} (released volumes and final copies of earlier deploys are on the host, not in the plan)`;
}
