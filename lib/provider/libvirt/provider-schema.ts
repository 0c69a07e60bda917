// The `provider "libvirt" { uri = ... }` block.
import type { PlanModel, Schema } from "../framework";
import { custom, str } from "../framework";
import { DEFAULT_LIBVIRT_URI } from "../../libvirt";

const uriValidator = custom(
  (value) =>
    typeof value === "string" && /^[a-z][a-z0-9+]*:\/\/\S*$/.test(value)
      ? undefined
      : `"${String(value)}" is not a libvirt URI such as qemu:///system or qemu+ssh://root@host/system.`,
  "a libvirt connection URI",
);

export const libvirtProviderSchema = {
  description:
    "libvirt/KVM storage pools, volumes, cloud-init disks, domains and isolated networks, driven through virsh.",
  attributes: {
    uri: str({
      optional: true,
      description: `libvirt connection URI. Default: $LIBVIRT_DEFAULT_URI, else ${DEFAULT_LIBVIRT_URI}.`,
      validators: [uriValidator],
    }),
  },
} satisfies Schema;

/** The provider block's configuration (the uri may be unknown while planning). */
export type LibvirtProviderConfig = PlanModel<typeof libvirtProviderSchema>;
