// What an IncusHost builds: incus_* resources for the constructs placed on it.
import type { IncusHostLike } from "./hosts";
import type { HostBackend } from "./host-backend";
import { incusInstance } from "./incus-instance";
import { incusNetworkAcl } from "./network-acl-resource";
import { incusNetworkForward } from "./network-forward-resource";
import { incusNetwork } from "./network-resources";
import { INCUS_INSTANCE_NAME, INCUS_NETWORK_NAME } from "./names";
import { requireBundledProvider } from "./official-provider";
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
  };
}
