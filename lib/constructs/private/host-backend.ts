// What a host builds: the backend objects of the constructs placed on it. IncusHost's builder creates incus_*
// resources (private/incus-backend.ts), LibvirtHost's libvirt_* resources (private/libvirt-backend.ts); a construct
// resolves its common props, asks its host's builder for the resources and never branches on the kind of host.
import type { Construct } from "constructs";
import type { IncusStorageVolumeSnapshotResource, SpecResource } from "../../bindings";
import type { IncusInstanceOptions, LibvirtInstanceOptions } from "../model/instance-props";
import type { IncusNetworkOptions, LibvirtNetworkOptions } from "../model/network-props";
import type { IncusStoragePoolOptions, LibvirtStoragePoolOptions } from "../model/storage-pool-props";
import type { IncusVolumeOptions } from "../model/volume-props";
import type { CommonInstanceInput, InstanceBackend } from "./instance-backend";
import type { CertificateInput } from "./certificate-resource";
import type { ClusterGroupInput } from "./cluster-group-resource";
import type { NetworkAclInput } from "./network-acl-resource";
import type { BuiltLoadBalancer, NetworkLoadBalancerInput } from "./network-lb-resource";
import type { NetworkZoneInput, ZoneRecordInput } from "./network-zone-resource";
import type { BucketKeyInput, BuiltBucket, BuiltBucketKey, StorageBucketInput } from "./storage-bucket-resource";
import type { BuiltForward, NetworkForwardInput } from "./network-forward-resource";
import type { NameRule } from "./names";
import type { BuiltVolume, ExistingVolume, LibvirtVolumeBuildOptions, VolumeInput } from "./volume-resources";
import type { VolumeSnapshotInput } from "./volume-snapshot-resource";

/** A construct's options of both backends, as its props gave them (grouped or flat); a builder reads its own. */
export interface BackendGroups<I extends object, L extends object> {
  readonly incus: Partial<I>;
  readonly libvirt: Partial<L>;
}

/** The common props of a StoragePool, resolved. */
export interface StoragePoolInput {
  readonly name: string;
  readonly driver: string;
  readonly path?: string;
}

export interface HostBackend {
  /** How instance names are checked on this host (Incus: host names). */
  readonly instanceNameRule: NameRule;
  /** How network names are checked on this host (Incus: interface names, 15 characters). */
  readonly networkNameRule: NameRule;
  /** Fails when what `prop` asks for needs the bundled provider and the host does not use it (official-provider.ts). */
  requireBundledProvider(scope: Construct, kind: string, prop: string, what: string, why: string): void;
  /** The instance's resource (child "Default" of `scope`) and what differs per backend. */
  instance(
    scope: Construct,
    input: CommonInstanceInput,
    options: BackendGroups<IncusInstanceOptions, LibvirtInstanceOptions>,
  ): InstanceBackend;
  /** The volume's resource (child "Default" of `scope`). */
  volume(
    scope: Construct,
    input: VolumeInput,
    options: BackendGroups<IncusVolumeOptions, LibvirtVolumeBuildOptions>,
  ): BuiltVolume;
  /** What a volume that exists already is (Volume.fromName), with the backend's defaults. */
  existingVolume(
    scope: Construct,
    options: BackendGroups<Pick<IncusVolumeOptions, "contentType" | "project" | "target">, LibvirtVolumeBuildOptions>,
  ): ExistingVolume;
  /** The pool's resource (child "Default" of `scope`, after the member parts of a cluster). */
  storagePool(
    scope: Construct,
    input: StoragePoolInput,
    options: BackendGroups<IncusStoragePoolOptions, LibvirtStoragePoolOptions>,
  ): SpecResource<object>;
  /** The network's resource (child "Default" of `scope`); returns the reference to its name. */
  network(scope: Construct, name: string, options: BackendGroups<IncusNetworkOptions, LibvirtNetworkOptions>): string;
  /** The ACL's resource (child "Default" of `scope`); returns the reference to its name. ACLs are Incus's only. */
  networkAcl(scope: Construct, input: NetworkAclInput): string;
  /** The forward's resource (child "Default" of `scope`). Forwards are Incus's only. */
  networkForward(scope: Construct, input: NetworkForwardInput): BuiltForward;
  /** The snapshot's resource (child "Default" of `scope`); snapshots are Incus's only. */
  volumeSnapshot(scope: Construct, input: VolumeSnapshotInput): IncusStorageVolumeSnapshotResource;
  /** The load balancer's resource (child "Default" of `scope`). Incus only. */
  networkLoadBalancer(scope: Construct, input: NetworkLoadBalancerInput): BuiltLoadBalancer;
  /** The zone's resource (child "Default" of `scope`); returns the reference to its name. Incus only. */
  networkZone(scope: Construct, input: NetworkZoneInput): string;
  /** A zone record's resource (child "Default" of `scope`). Incus only. */
  networkZoneRecord(scope: Construct, input: ZoneRecordInput): void;
  /** The trusted certificate's resource (child "Default" of `scope`); returns its fingerprint. Incus only. */
  certificate(scope: Construct, input: CertificateInput): string;
  /** The cluster group's resource (child "Default" of `scope`); returns the reference to its name. Incus only. */
  clusterGroup(scope: Construct, input: ClusterGroupInput): string;
  /** The bucket's resource (child "Default" of `scope`). Incus only. */
  storageBucket(scope: Construct, input: StorageBucketInput): BuiltBucket;
  /** A bucket key's resource (child "Default" of `scope`). Incus only. */
  storageBucketKey(scope: Construct, bucket: BuiltBucket, key: BucketKeyInput): BuiltBucketKey;
}
