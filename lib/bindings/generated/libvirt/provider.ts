// Generated from the provider "libvirt" schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
import type { AttributeSpec } from "../../attributes";

/** libvirt/KVM storage pools, volumes, cloud-init disks, domains and isolated networks, driven through virsh. */
export interface LibvirtProviderConfig {
  /** libvirt connection URI. Default: $LIBVIRT_DEFAULT_URI, else qemu:///system. */
  readonly uri?: string;
  /** Names this configuration for resources that choose it (a Terraform meta-argument). */
  readonly alias?: string;
}

export const LIBVIRT_PROVIDER_SPEC: AttributeSpec = {
  uri: "value",
};
