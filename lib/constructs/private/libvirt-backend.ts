// What a LibvirtHost builds: libvirt_* resources for the constructs placed on it, through the host's provider.
import type { IConstruct } from "constructs";
import type { LibvirtHostLike } from "./hosts";
import { fail } from "./errors";
import type { HostBackend } from "./host-backend";
import { libvirtDomain } from "./libvirt-domain";
import { LIBVIRT_NETWORK_NAME, OBJECT_NAME } from "./names";
import { libvirtNetwork } from "./network-resources";
import { libvirtStoragePool } from "./storage-pool-resources";
import { existingLibvirtVolume, libvirtVolume } from "./volume-resources";

export function libvirtBackend(host: LibvirtHostLike): HostBackend {
  return {
    instanceNameRule: OBJECT_NAME,
    networkNameRule: LIBVIRT_NETWORK_NAME,
    // The libvirt provider is always the bundled one.
    requireBundledProvider: () => undefined,
    instance: (scope, input, options) => libvirtDomain(scope, host, input, options.libvirt),
    volume: (scope, input, options) => libvirtVolume(scope, host, input, options.libvirt),
    existingVolume: (_scope, options) => existingLibvirtVolume(options.libvirt),
    storagePool: (scope, input, options) => libvirtStoragePool(scope, host, input, options.libvirt),
    network: (scope, name, options) => libvirtNetwork(scope, host, name, options.libvirt),
    networkAcl: (scope) => fail(scope, "NetworkAcl", "host", "the host is a LibvirtHost; NetworkAcl is Incus only"),
    networkForward: (scope, input) =>
      fail(
        scope,
        "NetworkForward",
        "network",
        `the network "${input.network.node.path}" is on a libvirt host; NetworkForward is Incus only`,
      ),
    volumeSnapshot: (scope, input) =>
      fail(
        scope,
        "VolumeSnapshot",
        "volume",
        `the volume "${input.volume.node.path}" is on a libvirt host; VolumeSnapshot is Incus only`,
      ),
    networkLoadBalancer: (scope, input) =>
      fail(
        scope,
        "NetworkLoadBalancer",
        "network",
        `the network "${input.network.node.path}" is on a libvirt host; NetworkLoadBalancer is Incus only`,
      ),
    networkZone: (scope) => incusOnly(scope, "NetworkZone"),
    networkZoneRecord: (scope) => incusOnly(scope, "NetworkZoneRecord"),
    certificate: (scope) => incusOnly(scope, "Certificate"),
    clusterGroup: (scope) => incusOnly(scope, "ClusterGroup"),
    storageBucket: (scope) =>
      fail(scope, "StorageBucket", "pool", "the pool is on a libvirt host; StorageBucket is Incus only"),
    storageBucketKey: (scope) => incusOnly(scope, "StorageBucketKey"),
  };
}

function incusOnly(scope: IConstruct, kind: string): never {
  return fail(scope, kind, "host", `the host is a LibvirtHost; ${kind} is Incus only`);
}
