// The constructs users import (L2): hosts, pools, volumes with explicit lifecycles, instances, networks,
// projects, profiles. Their props, interfaces and enums live in model/.
export type { HostKind, IHost, IncusOnly, LibvirtOnly, OnlyOn } from "./model/host";
export { IncusHost } from "./incus-host";
export { IncusProviderSource } from "./model/incus-host-props";
export type { IncusHostProps } from "./model/incus-host-props";
export { LibvirtHost } from "./libvirt-host";
export type { LibvirtHostProps } from "./libvirt-host";
export { StoragePool } from "./storage-pool";
export type {
  IStoragePool,
  LibvirtPoolType,
  LibvirtStoragePoolOptions,
  StoragePoolProps,
} from "./model/storage-pool-props";
export { Volume } from "./volume";
export type { LibvirtVolumeOptions, VolumeAttributes, VolumeProps } from "./volume";
export { VolumeContentType, VolumeFormat } from "./model/volume-props";
export type { IncusVolumeOptions, IVolume } from "./model/volume-props";
export { VolumeSnapshot } from "./volume-snapshot";
export type { VolumeSnapshotProps } from "./volume-snapshot";
export { Instance } from "./instance";
export { InstanceType } from "./model/instance-props";
export type { IncusChangeOptions } from "./model/instance-changes";
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
} from "./model/instance-props";
export type {
  LibvirtBiosFirmware,
  LibvirtCpu,
  LibvirtDirectNic,
  LibvirtFirmware,
  LibvirtGraphics,
  LibvirtNic,
  LibvirtRng,
  LibvirtTpm,
  LibvirtUefiFirmware,
  LibvirtWatchdog,
} from "./model/libvirt-devices";
export type { CloudInitConfig, InstanceExec, InstanceFile } from "./model/provisioning";
export { Network } from "./network";
export type {
  INetwork,
  LibvirtDhcpRange,
  LibvirtDnsHost,
  LibvirtNetworkMode,
  LibvirtNetworkOptions,
  NetworkProps,
} from "./model/network-props";
export { NetworkAcl } from "./network-acl";
export { AclAction, AclProtocol, AclRuleState } from "./model/network-acl-props";
export type { AclRule, INetworkAcl, NetworkAclProps } from "./model/network-acl-props";
export { NetworkForward } from "./network-forward";
export { ForwardProtocol } from "./model/network-forward-props";
export type {
  ForwardPort,
  IForwardTarget,
  InstanceForwardOptions,
  NetworkForwardProps,
} from "./model/network-forward-props";
export { NetworkLoadBalancer } from "./network-load-balancer";
export type {
  LoadBalancerBackend,
  LoadBalancerPort,
  NetworkLoadBalancerProps,
} from "./model/network-load-balancer-props";
export { NetworkZone, NetworkZoneRecord } from "./network-zone";
export type { NetworkZoneRecordProps } from "./network-zone";
export { DnsRecordType } from "./model/network-zone-props";
export type { INetworkZone, NetworkZoneProps, ZoneRecordEntry, ZoneRecordProps } from "./model/network-zone-props";
export { Certificate } from "./certificate";
export { CertificateType } from "./model/certificate-props";
export type { CertificateProps } from "./model/certificate-props";
export { ClusterGroup } from "./cluster-group";
export type { ClusterGroupProps } from "./model/cluster-group-props";
export { StorageBucket, StorageBucketKey } from "./storage-bucket";
export type { StorageBucketKeyProps } from "./storage-bucket";
export { BucketKeyRole } from "./model/storage-bucket-props";
export type { BucketKeyProps, StorageBucketProps } from "./model/storage-bucket-props";
export { Project } from "./project";
export type { IProject, ProjectFeatures, ProjectProps } from "./model/project-props";
export { Profile } from "./profile";
export type { DeviceSpec } from "./model/device-spec";
export type { IProfile, ProfileProps } from "./model/profile-props";
export { ConstructValidationError } from "./model/errors";
export { RemovalPolicy, VolumeLifecycle } from "../lifecycle";
