// Public surface of the libvirt driver: a virsh runner, typed operations on pools, volumes, domains and networks,
// and the XML builders/parsers they use. Knows nothing of Terraform.
export { LibvirtClient } from "./client";
export { Virsh, DEFAULT_LIBVIRT_URI, quoteForVirshShell } from "./virsh";
export type { VirshOptions, VirshCallOptions, VirshBatchResult } from "./virsh";
export { VirshError, isNotFound, classifyVirshMessage, virshErrorText } from "./errors";
export type { VirshErrorCode, VirshErrorDetails, LibvirtObjectKind } from "./errors";
export { checkLibvirtName, libvirtNameProblem } from "./names";
export { OWNER_NAMESPACE } from "./owner";
export { bytesPerUnit } from "./xml";
export { abortableDelay } from "./delay";

export { LibvirtPools } from "./pools";
export type { PoolInfo, PoolDeleteOptions } from "./pools";
export { buildPoolXml, parsePoolXml } from "./pool-xml";
export type { PoolSpec, PoolXmlInfo } from "./pool-xml";

export { LibvirtVolumes } from "./volumes";
export type { VolumeInfo, VolumeListEntry } from "./volumes";
export { buildVolumeXml, parseVolumeXml } from "./volume-xml";
export type { VolumeSpec, VolumeXmlInfo, VolumeFormat, BackingStoreSpec } from "./volume-xml";

export { LibvirtDomains } from "./domains";
export type { DomainInfo, DomainState, DomainStopOptions, DomainStopOutcome } from "./domains";
export { buildDomainXml, parseDomainXml } from "./domain-xml";
export type {
  DomainSpec,
  DomainDiskSpec,
  DomainInterfaceSpec,
  DomainXmlInfo,
  DomainDiskInfo,
  DomainInterfaceInfo,
  DomainConsoleSpec,
  DomainConsoleInfo,
  DirectKernelBoot,
  DiskSource,
} from "./domain-xml";
export { patchDomainXml } from "./domain-patch";
export { unmanagedDomainParts } from "./domain-unmanaged";

export { LibvirtNetworks, parseDhcpLeases } from "./networks";
export type { NetworkInfo, DhcpLease } from "./networks";
export { buildNetworkXml, parseNetworkXml } from "./network-xml";
export type { NetworkSpec, NetworkIpSpec, NetworkXmlInfo } from "./network-xml";
export { extractMetadataXml, metadataXmlProblem, ownerMarkerOfMetadata, sameXmlContent } from "./metadata";
export { decodeRebuildSnapshotsXml as rebuildSnapshotSpecs } from "../records";
export type { RebuildSnapshotRequest as RebuildSnapshotSpec } from "../records";
export { buildIso9660, buildNoCloudIso, levelOneName } from "./iso9660";
export type { IsoFile, IsoOptions, NoCloudSeed } from "./iso9660";
