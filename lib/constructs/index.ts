// The constructs users import (L2): hosts, pools, volumes with explicit lifecycles, instances, networks,
// projects, profiles.
export type { HostKind, IHost, IncusOnly, LibvirtOnly, OnlyOn } from "./host";
export { IncusHost, IncusProviderSource } from "./incus-host";
export type { IncusHostProps } from "./incus-host";
export { LibvirtHost } from "./libvirt-host";
export type { LibvirtHostProps } from "./libvirt-host";
export { StoragePool } from "./storage-pool";
export type { IStoragePool, StoragePoolProps } from "./storage-pool-props";
export { Volume } from "./volume";
export type { LibvirtVolumeOptions, VolumeAttributes, VolumeProps } from "./volume";
export { VolumeContentType, VolumeFormat } from "./volume-props";
export type { IncusVolumeOptions, IVolume } from "./volume-props";
export { VolumeSnapshot } from "./volume-snapshot";
export type { VolumeSnapshotProps } from "./volume-snapshot";
export { Instance } from "./instance";
export { InstanceType } from "./instance-props";
export type { IncusChangeOptions } from "./instance-changes";
export { CloudInitChange, ImageChange } from "../records";
export type {
  AttachOptions,
  IncusInstanceOptions,
  InstanceProps,
  LibvirtCloudInit,
  LibvirtInstanceOptions,
  LibvirtKernelBoot,
  LibvirtWaitFor,
  RootDiskOptions,
} from "./instance-props";
export type { CloudInitConfig, InstanceExec, InstanceFile } from "./provisioning";
export { Network } from "./network";
export type { INetwork, LibvirtNetworkOptions, NetworkProps } from "./network-props";
export { Project } from "./project";
export type { IProject, ProjectFeatures, ProjectProps } from "./project";
export { Profile } from "./profile";
export type { DeviceSpec } from "./device-spec";
export type { IProfile, ProfileProps } from "./profile";
export { ConstructValidationError } from "./errors";
export { RemovalPolicy, VolumeLifecycle } from "../lifecycle";
