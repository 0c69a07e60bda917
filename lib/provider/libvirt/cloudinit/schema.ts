// libvirt_cloudinit_disk's schema: every input replaces the disk, so a changed user_data is a new volume.
import type { ApplyModel, PlanModel, Schema, StateModel } from "../../framework";
import { num, requiresReplace, str, useStateForUnknown } from "../../framework";

/** The pool used when none is given and the host has a pool of this name (else: a local file). */
export const DEFAULT_CLOUDINIT_POOL = "default";

const replaced = [requiresReplace()];

export const cloudinitDiskSchema = {
  description:
    "A cloud-init NoCloud seed ISO, built by the provider and stored as a volume in a pool; attach it to a domain as a cdrom.",
  attributes: {
    name: str({
      required: true,
      description: 'Name of the volume holding the ISO, e.g. "vm1-cloudinit.iso".',
      planModifiers: replaced,
    }),
    pool: str({
      optional: true,
      computed: true,
      description:
        `Pool to store the ISO in. Unset: the pool "${DEFAULT_CLOUDINIT_POOL}" when the host has one; else the ISO is a local ` +
        "file (path; pool stays null) to upload with libvirt_volume create.content.url, as in the official provider 0.9.",
      planModifiers: replaced,
    }),
    // Sensitive (the 0.9.x schema does not mark them): user-data often carries passwords, keys and tokens.
    user_data: str({
      optional: true,
      sensitive: true,
      description: "The user-data file (e.g. a #cloud-config document). Default empty.",
      planModifiers: replaced,
    }),
    meta_data: str({
      optional: true,
      sensitive: true,
      description: "The meta-data file (instance-id, local-hostname, ...). Default empty.",
      planModifiers: replaced,
    }),
    network_config: str({
      optional: true,
      sensitive: true,
      description: "The network-config file; left out of the ISO when unset.",
      planModifiers: replaced,
    }),
    id: str({
      computed: true,
      description: "The volume's key (its path); the file's path for a local ISO.",
      planModifiers: [useStateForUnknown()],
    }),
    path: str({
      computed: true,
      description: "Path of the ISO volume on the host, or of the local ISO file.",
      planModifiers: [useStateForUnknown()],
    }),
    size: num({ computed: true, description: "Size of the ISO in bytes.", planModifiers: [useStateForUnknown()] }),
    checksum: str({
      computed: true,
      description: "SHA-256 of the ISO written at creation.",
      planModifiers: [useStateForUnknown()],
    }),
  },
} satisfies Schema;

/** A libvirt_cloudinit_disk as state holds it. */
export type CloudinitDiskState = StateModel<typeof cloudinitDiskSchema>;
/** A libvirt_cloudinit_disk as create and update get it. */
export type CloudinitDiskPlan = ApplyModel<typeof cloudinitDiskSchema>;
/** A libvirt_cloudinit_disk's configuration. */
export type CloudinitDiskConfig = PlanModel<typeof cloudinitDiskSchema>;
