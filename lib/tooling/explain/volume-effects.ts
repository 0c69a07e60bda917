// What a plan does to one volume attached to one instance, in the terms of the lifecycle model: an ephemeral volume
// is replaced or deleted together with its instance (its data is destroyed); a persistent or shared volume is
// detached and re-attached when its instance is rebuilt, and kept when the instance goes away.
import type { VolumeKind } from "../stack/coupling";
import type { ChangeKind } from "./changes";

export type VolumeEffect =
  | "replaced-with-instance"
  | "deleted-with-instance"
  | "replaced"
  | "deleted"
  | "created"
  | "forgotten"
  | "detached-reattached"
  | "detached-kept"
  | "attached"
  | "detached"
  | "updated"
  | "kept-attached"
  | "unchanged";

export interface VolumeSituation {
  readonly kind: VolumeKind;
  readonly volumeAction: ChangeKind;
  readonly instanceAction: ChangeKind;
  /** The instance's current (prior state) object has the volume attached. */
  readonly attachedBefore: boolean;
  /** The instance as configured attaches the volume. */
  readonly attachedAfter: boolean;
  /** The volume is an ephemeral volume of this very instance. */
  readonly ownedByThisInstance: boolean;
}

export interface VolumeOutcome {
  readonly effect: VolumeEffect;
  readonly dataDestroyed: boolean;
  /** The sentence explain prints after the volume's name. */
  readonly text: string;
}

const DESTROYED = "its data is DESTROYED";

export function volumeEffect(s: VolumeSituation): VolumeOutcome {
  const together = s.kind === "ephemeral" && s.ownedByThisInstance;
  switch (s.volumeAction) {
    case "delete":
      return together && (s.instanceAction === "delete" || s.instanceAction === "replace")
        ? {
            effect: "deleted-with-instance",
            dataDestroyed: true,
            text: `deleted together with the instance; ${DESTROYED}`,
          }
        : { effect: "deleted", dataDestroyed: true, text: `deleted; ${DESTROYED}` };
    case "replace":
      return together && s.instanceAction === "replace"
        ? {
            effect: "replaced-with-instance",
            dataDestroyed: true,
            text: `replaced together with the instance (a new, empty volume); ${DESTROYED}`,
          }
        : { effect: "replaced", dataDestroyed: true, text: `replaced by a new, empty volume; ${DESTROYED}` };
    case "create":
      return { effect: "created", dataDestroyed: false, text: "created and attached" };
    case "forget":
      return {
        effect: "forgotten",
        dataDestroyed: false,
        text: "forgotten by Terraform; the volume and its data stay on the host",
      };
    default:
      return keptVolume(s);
  }
}

/** The volume itself is kept (no change, or an in-place update): what happens to the attachment. */
function keptVolume(s: VolumeSituation): VolumeOutcome {
  const updated = s.volumeAction === "update";
  const data = updated ? "updated in place; data kept" : "data kept";
  switch (s.instanceAction) {
    case "create":
      return {
        effect: updated ? "updated" : "attached",
        dataDestroyed: false,
        text: `attached to the new instance; ${data}`,
      };
    case "delete":
      return {
        effect: "detached-kept",
        dataDestroyed: false,
        text: `detached; the volume stays with its data${updated ? " (and is updated in place)" : ""}`,
      };
    case "replace":
      if (!s.attachedAfter)
        return {
          effect: "detached-kept",
          dataDestroyed: false,
          text: `detached (the new instance no longer uses it); ${data}`,
        };
      if (s.kind === "ephemeral" && s.ownedByThisInstance) {
        return {
          effect: "detached-reattached",
          dataDestroyed: false,
          text: "NOT replaced with the instance although it is ephemeral: the new instance gets the old data",
        };
      }
      return {
        effect: "detached-reattached",
        dataDestroyed: false,
        text: `detached and re-attached to the new instance; ${data}`,
      };
    default:
      if (s.attachedBefore && !s.attachedAfter)
        return { effect: "detached", dataDestroyed: false, text: `detached; ${data}` };
      if (!s.attachedBefore && s.attachedAfter && s.instanceAction === "update") {
        return { effect: "attached", dataDestroyed: false, text: `attached; ${data}` };
      }
      return updated
        ? { effect: "updated", dataDestroyed: false, text: "updated in place; stays attached, data kept" }
        : {
            effect: s.instanceAction === "update" ? "kept-attached" : "unchanged",
            dataDestroyed: false,
            text: "stays attached; data kept",
          };
  }
}
