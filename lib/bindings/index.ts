// L1 bindings: hand-written TerraformResource/TerraformProvider classes for the incus_* and libvirt_* resources the
// constructs emit. Attribute names are exactly the provider schemas' (lxc/incus, dmacvicar/libvirt 0.9.x subset).
// Attribute helpers (snakeCase, toTerraformAttributes, isToken, specPaths) are internal: import ./attributes.
export type { AttributeKind, AttributeSpec } from "./attributes";
export { SpecResource } from "./spec-resource";
export type { ResourceTypeInfo } from "./spec-resource";
export { SpecProvider } from "./spec-provider";
export type { ProviderTypeInfo } from "./spec-provider";

export { IncusProvider, INCUS_PROVIDER_SPEC } from "./incus/provider";
export type { IncusProviderConfig, IncusProviderOptions, IncusRemoteConfig } from "./incus/provider";
export type { IncusDeviceConfig, IncusFileConfig, IncusPlacementConfig } from "./incus/common";
export { IncusProjectResource } from "./incus/project";
export type { IncusProjectConfig } from "./incus/project";
export { IncusNetworkResource } from "./incus/network";
export type { IncusNetworkConfig } from "./incus/network";
export { IncusStoragePoolResource } from "./incus/storage-pool";
export type { IncusStoragePoolConfig } from "./incus/storage-pool";
export { IncusStorageVolumeResource } from "./incus/storage-volume";
export type { IncusStorageVolumeConfig, IncusSourceVolumeConfig } from "./incus/storage-volume";
export { IncusProfileResource } from "./incus/profile";
export type { IncusProfileConfig } from "./incus/profile";
export { IncusInstanceResource } from "./incus/instance";
export type {
  IncusInstanceConfig,
  IncusExecConfig,
  IncusWaitForConfig,
  IncusSourceInstanceConfig,
} from "./incus/instance";
export { IncusStorageVolumeSnapshotResource } from "./incus/volume-snapshot";
export type { IncusStorageVolumeSnapshotConfig } from "./incus/volume-snapshot";
export { IncusInstanceSnapshotResource } from "./incus/instance-snapshot";
export type { IncusInstanceSnapshotConfig } from "./incus/instance-snapshot";
export { IncusImageResource } from "./incus/image";
export type { IncusImageConfig, IncusImageAliasConfig, IncusImageSourceFileConfig } from "./incus/image";

export { LibvirtProvider, LIBVIRT_PROVIDER_SPEC } from "./libvirt/provider";
export type { LibvirtProviderConfig, LibvirtProviderOptions } from "./libvirt/provider";
export { LibvirtPoolResource } from "./libvirt/pool";
export type { LibvirtPoolConfig } from "./libvirt/pool";
export { LibvirtVolumeResource } from "./libvirt/volume";
export type { LibvirtVolumeConfig, LibvirtFormatConfig } from "./libvirt/volume";
export { LibvirtDomainResource } from "./libvirt/domain";
export type { LibvirtDomainConfig, LibvirtDiskConfig, LibvirtInterfaceConfig, LibvirtConsoleConfig } from "./libvirt/domain";
export { LibvirtNetworkResource } from "./libvirt/network";
export type { LibvirtNetworkConfig } from "./libvirt/network";
export { LibvirtCloudinitDiskResource } from "./libvirt/cloudinit-disk";
export type { LibvirtCloudinitDiskConfig } from "./libvirt/cloudinit-disk";

export { TerraformDataResource, TERRAFORM_DATA_SPEC } from "./terraform/data";
export type { TerraformDataConfig } from "./terraform/data";

export { RESOURCE_SPECS, PROVIDER_SPECS } from "./schemas";
