// Every binding's attribute spec by Terraform type, for the test that compares them with the providers' schemas
// (`terraform providers schema -json`) and for tools that need to know what the constructs emit.
import type { AttributeSpec } from "./attributes";
import { INCUS_PROVIDER_SPEC } from "./incus/provider";
import { INCUS_PROJECT_SPEC } from "./incus/project";
import { INCUS_NETWORK_SPEC } from "./incus/network";
import { INCUS_STORAGE_POOL_SPEC } from "./incus/storage-pool";
import { INCUS_STORAGE_VOLUME_SPEC } from "./incus/storage-volume";
import { INCUS_STORAGE_VOLUME_SNAPSHOT_SPEC } from "./incus/volume-snapshot";
import { INCUS_PROFILE_SPEC } from "./incus/profile";
import { INCUS_INSTANCE_SPEC } from "./incus/instance";
import { INCUS_INSTANCE_SNAPSHOT_SPEC } from "./incus/instance-snapshot";
import { INCUS_IMAGE_SPEC } from "./incus/image";
import { LIBVIRT_PROVIDER_SPEC } from "./libvirt/provider";
import { LIBVIRT_POOL_SPEC } from "./libvirt/pool";
import { LIBVIRT_VOLUME_SPEC } from "./libvirt/volume";
import { LIBVIRT_DOMAIN_SPEC } from "./libvirt/domain";
import { LIBVIRT_NETWORK_SPEC } from "./libvirt/network";
import { LIBVIRT_CLOUDINIT_DISK_SPEC } from "./libvirt/cloudinit-disk";

/** Resource type → the attributes and nested blocks the binding can emit. */
export const RESOURCE_SPECS: { readonly [resourceType: string]: AttributeSpec } = {
  incus_project: INCUS_PROJECT_SPEC,
  incus_network: INCUS_NETWORK_SPEC,
  incus_storage_pool: INCUS_STORAGE_POOL_SPEC,
  incus_storage_volume: INCUS_STORAGE_VOLUME_SPEC,
  incus_storage_volume_snapshot: INCUS_STORAGE_VOLUME_SNAPSHOT_SPEC,
  incus_profile: INCUS_PROFILE_SPEC,
  incus_instance: INCUS_INSTANCE_SPEC,
  incus_instance_snapshot: INCUS_INSTANCE_SNAPSHOT_SPEC,
  incus_image: INCUS_IMAGE_SPEC,
  libvirt_pool: LIBVIRT_POOL_SPEC,
  libvirt_volume: LIBVIRT_VOLUME_SPEC,
  libvirt_domain: LIBVIRT_DOMAIN_SPEC,
  libvirt_network: LIBVIRT_NETWORK_SPEC,
  libvirt_cloudinit_disk: LIBVIRT_CLOUDINIT_DISK_SPEC,
};

/** Provider local name → its configuration attributes. */
export const PROVIDER_SPECS: { readonly [providerName: string]: AttributeSpec } = {
  incus: INCUS_PROVIDER_SPEC,
  libvirt: LIBVIRT_PROVIDER_SPEC,
};
