// libvirt_volume's schema (0.9.x shape, subset) and its planning rules. Unlike the official provider, every
// change libvirt cannot apply to an existing volume is a replacement at plan time (format, backing store, initial
// content), and capacity growth is an in-place resize; only shrinking replaces the volume.
import type { CtyValue } from "../../cty";
import type { ApplyModel, PlanModel, PlanModifierRequest, Schema, StateModel } from "../../framework";
import {
  between,
  bool,
  isUnknown,
  nested,
  num,
  objectValue,
  oneOf,
  regex,
  requiresReplace,
  requiresReplaceIf,
  str,
  useStateForUnknown,
} from "../../framework";
import { REMOVAL_POLICY_NAMES } from "../../../records";
import { replaceForOtherTarget } from "./target-permissions";
import { SIZE_UNITS, toBytes } from "../common";
import { CHECKSUM_PATTERN } from "./content";

const FORMATS = ["raw", "qcow2"];

const adoptValue = regex(/^released(:.+)?$/, '"released" or "released:<old owner>"');

/**
 * Capacity in bytes from a whole resource value, or undefined when not known. A unit left unset is bytes (it is
 * unknown, not null, while a volume is being created: the provider then records "bytes").
 */
export function capacityBytes(values: { capacity?: unknown; capacity_unit?: unknown } | null): number | undefined {
  if (!values) return undefined;
  const { capacity, capacity_unit: unit } = values;
  if (capacity === null || capacity === undefined || isUnknown(capacity)) return undefined;
  try {
    return toBytes(Number(String(capacity)), typeof unit === "string" ? unit : "bytes", "capacity");
  } catch {
    return undefined;
  }
}

/** Shrinking would cut off data at the end of the disk: that alone replaces the volume. */
function shrinks(req: PlanModifierRequest): boolean {
  const planned = capacityBytes(req.plan);
  const prior = capacityBytes(req.state);
  return planned !== undefined && prior !== undefined && planned < prior;
}

/** The content URL of a whole resource value (undefined without create.content). */
function contentUrl(values: { readonly create?: CtyValue } | null): string | undefined {
  const url = objectValue(objectValue(values?.create)?.content)?.url;
  return typeof url === "string" && url !== "" ? url : undefined;
}

/** A new content URL (or content added or removed) means new bytes: a new volume. Checksum and limits do not. */
function newContent(req: PlanModifierRequest): boolean {
  return req.state !== null && contentUrl(req.plan) !== contentUrl(req.state);
}

const formatAttribute = (description: string) =>
  nested(
    "single",
    { type: str({ required: true, description: '"raw" or "qcow2".', validators: [oneOf(FORMATS)] }) },
    {
      optional: true,
      computed: true,
      description,
    },
  );

export const volumeSchema = {
  description: "A storage volume in a pool: raw or qcow2, optionally a copy-on-write overlay of a backing volume.",
  attributes: {
    name: str({ required: true, description: "Name of the volume in its pool.", planModifiers: [requiresReplace()] }),
    pool: str({ required: true, description: "Name of the pool.", planModifiers: [requiresReplace()] }),
    capacity: num({
      optional: true,
      computed: true,
      description:
        "Size the guest sees, in capacity_unit (bytes by default). Growing it resizes the volume in place; shrinking replaces it. " +
        "Default: the backing store's capacity for an overlay, the content's size for uploaded content.",
      planModifiers: [requiresReplaceIf(shrinks, "Shrinking a volume replaces it (a resize never cuts data off).")],
    }),
    capacity_unit: str({
      optional: true,
      computed: true,
      description: 'Unit of capacity: "bytes" (default), "KiB", "MiB", "GiB", "TiB" (or KB, MB, GB, TB).',
      validators: [oneOf([...SIZE_UNITS])],
    }),
    type: str({
      optional: true,
      computed: true,
      description: 'Volume type as libvirt reports it ("file").',
      planModifiers: [requiresReplace()],
    }),
    target: nested(
      "single",
      {
        format: formatAttribute("Image format."),
        permissions: nested(
          "single",
          {
            owner: str({ optional: true, description: "Numeric user id of the file's owner." }),
            group: str({ optional: true, description: "Numeric group id." }),
            mode: str({ optional: true, description: 'Octal mode, e.g. "0640" ("640" is the same mode).' }),
            label: str({ optional: true, description: "Security (SELinux) label." }),
          },
          { optional: true, description: "Owner, group and mode libvirt gives the new volume's file." },
        ),
        path: str({ computed: true, description: "The volume's path on the host (as path)." }),
      },
      {
        optional: true,
        computed: true,
        description:
          "How the volume is stored. format.type defaults to qcow2 for an overlay, else raw. Changing it replaces the volume.",
        planModifiers: [replaceForOtherTarget()],
      },
    ),
    backing_store: nested(
      "single",
      {
        path: str({ required: true, description: "Path of the base image, e.g. libvirt_volume.base.path." }),
        format: formatAttribute("Format of the base image. Default qcow2."),
      },
      {
        optional: true,
        description:
          "Makes the volume a copy-on-write overlay. A new base means a new overlay: changes replace the volume.",
        planModifiers: [requiresReplace()],
      },
    ),
    create: nested(
      "single",
      {
        content: nested(
          "single",
          {
            url: str({
              required: true,
              description:
                "A local file path, a file:// URL or an https:// URL (http:// only with allow_insecure_http) to upload into the volume.",
            }),
            checksum: str({
              optional: true,
              description:
                'Expected digest of the content, "sha256:<hex>" or "sha512:<hex>" (an addition to the 0.9.x schema). Checked before ' +
                "anything is uploaded: a mismatch is an error naming both digests, and no volume is created.",
              validators: [regex(CHECKSUM_PATTERN, '"sha256:<64 hex digits>" or "sha512:<128 hex digits>"')],
            }),
            max_bytes: num({
              optional: true,
              description:
                "Largest download accepted, in bytes (an addition to the 0.9.x schema). Default: the volume's capacity when set, else 32 GiB. " +
                "A larger body is refused before anything is uploaded.",
              validators: [between(1, Number.MAX_SAFE_INTEGER)],
            }),
            allow_insecure_http: bool({
              optional: true,
              description:
                "Allow a plain http:// URL, or a redirect to one (an addition to the 0.9.x schema). Off by default: anyone on the path " +
                "could change the image; prefer https, and give a checksum when you turn this on.",
            }),
          },
          { required: true },
        ),
      },
      {
        optional: true,
        description:
          "Initial content, uploaded once at creation; a new content URL replaces the volume (after an import, add lifecycle { ignore_changes = [create] }). " +
          "https uses node's CA bundle plus the file named by NODE_EXTRA_CA_CERTS.",
        planModifiers: [
          requiresReplaceIf(newContent, "New content (a different create.content.url) replaces the volume."),
        ],
      },
    ),
    removal_policy: str({
      optional: true,
      description:
        'What a delete does (an addition to the 0.9.x schema, written by the constructs): "destroy" (default) deletes the volume; ' +
        '"retain" leaves it and its file on the host and only forgets it; "snapshot" first keeps a standalone copy ' +
        '"<name>-final-<yyyymmddThhmmssZ>" in the same pool; "protect" refuses any plan that deletes it, even once its block is gone.',
      validators: [oneOf([...REMOVAL_POLICY_NAMES])],
    }),
    owner: str({
      optional: true,
      description:
        'The ownership marker "<stack>/<construct path>" (an addition to the 0.9.x schema, written by the constructs; libvirt ' +
        "volumes have no metadata, so it lives in the state). Deleting the volume first detaches it from running domains whose " +
        "own marker is of the same stack; any other user stops the delete. Changing it is an in-place update.",
    }),
    adopt: str({
      optional: true,
      description:
        'Take over an existing volume of this name that a removal policy "retain" released (an addition to the 0.9.x schema): ' +
        '"released" adopts it whoever released it, "released:<old owner>" only when that owner did. It keeps its data; its ' +
        "release record is removed. A volume without a release record (it may belong to a live stack) is never taken over. " +
        "Without an existing volume the volume is created as usual.",
      validators: [adoptValue],
    }),
    id: str({
      computed: true,
      description: "The volume's key (its path for file volumes).",
      planModifiers: [useStateForUnknown()],
    }),
    key: str({
      computed: true,
      description: "libvirt's unique key of the volume.",
      planModifiers: [useStateForUnknown()],
    }),
    path: str({
      computed: true,
      description: "Path of the volume on the host.",
      planModifiers: [useStateForUnknown()],
    }),
    allocation: num({ computed: true, description: "Bytes allocated on the host." }),
    physical: num({ computed: true, description: "Bytes the image file takes (qcow2 metadata included)." }),
  },
} satisfies Schema;

/** A libvirt_volume as state holds it. */
export type VolumeState = StateModel<typeof volumeSchema>;
/** A libvirt_volume as create and update get it (capacity, unit and the computed values may be unknown). */
export type VolumePlan = ApplyModel<typeof volumeSchema>;
/** A libvirt_volume's configuration. */
export type VolumeConfig = PlanModel<typeof volumeSchema>;
