// What an IncusHost builds: incus_* resources for the constructs placed on it.
import type { IncusHostLike } from "./hosts";
import type { HostBackend } from "./host-backend";
import { incusInstance } from "./incus-instance";
import { incusCertificate } from "./certificate-resource";
import { incusClusterGroup } from "./cluster-group-resource";
import { incusNetworkAcl } from "./network-acl-resource";
import { incusNetworkForward } from "./network-forward-resource";
import { incusNetworkLoadBalancer } from "./network-lb-resource";
import { incusNetworkZone, incusZoneRecord } from "./network-zone-resource";
import { incusNetwork } from "./network-resources";
import { INCUS_INSTANCE_NAME, INCUS_NETWORK_NAME } from "./names";
import { requireBundledProvider } from "./official-provider";
import { incusStorageBucket, incusStorageBucketKey } from "./storage-bucket-resource";
import { incusStoragePool } from "./storage-pool-resources";
import { existingIncusVolume, incusVolume } from "./volume-resources";
import { incusVolumeSnapshot } from "./volume-snapshot-resource";

export function incusBackend(host: IncusHostLike): HostBackend {
  return {
    instanceNameRule: INCUS_INSTANCE_NAME,
    networkNameRule: INCUS_NETWORK_NAME,
    requireBundledProvider: (scope, kind, prop, what, why) =>
      requireBundledProvider(scope, kind, prop, host, what, why),
    instance: (scope, input, options) => incusInstance(scope, host, input, options.incus),
    volume: (scope, input, options) => incusVolume(scope, host, input, options.incus),
    existingVolume: (scope, options) => existingIncusVolume(scope, host, options.incus),
    storagePool: (scope, input, options) => incusStoragePool(scope, host, input, options.incus),
    network: (scope, name, options) => incusNetwork(scope, host, name, options.incus),
    networkAcl: (scope, input) => incusNetworkAcl(scope, host, input),
    networkForward: (scope, input) => incusNetworkForward(scope, host, input),
    volumeSnapshot: (scope, input) => incusVolumeSnapshot(scope, host, input),
    networkLoadBalancer: (scope, input) => incusNetworkLoadBalancer(scope, host, input),
    networkZone: (scope, input) => incusNetworkZone(scope, host, input),
    networkZoneRecord: (scope, input) => incusZoneRecord(scope, host, input),
    certificate: (scope, input) => incusCertificate(scope, host, input),
    clusterGroup: (scope, input) => incusClusterGroup(scope, host, input),
    storageBucket: (scope, input) => incusStorageBucket(scope, host, input),
    storageBucketKey: (scope, bucket, key) => incusStorageBucketKey(scope, host, bucket, key),
  };
}
