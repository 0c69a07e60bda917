// Public surface of the libvirt driver: a virsh runner and typed operations on pools, volumes, domains and
// networks, with their specs, results and errors. Knows nothing of Terraform. The XML builders/parsers, metadata and
// ISO helpers behind them are internal (the provider imports them by file).
export { LibvirtClient } from "./client";
export { Virsh, DEFAULT_LIBVIRT_URI } from "./virsh";
export type { VirshOptions, VirshCallOptions, VirshBatchResult } from "./virsh";
export { VirshError, isNotFound } from "./errors";
export type { VirshErrorCode, VirshErrorDetails, LibvirtObjectKind } from "./errors";

export { LibvirtPools } from "./pools";
export type { PoolInfo, PoolDeleteOptions } from "./pools";
export type { PoolSource, PoolSpec, PoolType, PoolXmlInfo } from "./pool-xml";
export { POOL_TYPES, poolSpecProblem } from "./pool-xml";

export { LibvirtVolumes } from "./volumes";
export type { VolumeInfo, VolumeListEntry } from "./volumes";
export type { VolumeSpec, VolumeXmlInfo, VolumeFormat, BackingStoreSpec, VolumePermissions } from "./volume-xml";
export { volumePermissionsProblem } from "./volume-xml";

export { LibvirtDomains } from "./domains";
export type {
  DomainCreateResult,
  DomainInfo,
  DomainState,
  DomainStopOptions,
  DomainStopOutcome,
  VolumeRef,
} from "./domains";
export type {
  DomainSpec,
  DomainDiskSpec,
  DomainInterfaceSpec,
  DomainXmlInfo,
  DomainDiskInfo,
  DomainInterfaceInfo,
  DomainConsoleSpec,
  DomainConsoleInfo,
  DomainSerialSpec,
  DirectKernelBoot,
  DiskSource,
} from "./domain-xml";

export { LibvirtNetworks } from "./networks";
export { parseNetworkXml } from "./network-xml";
export type { NetworkInfo, DhcpLease } from "./networks";
export type {
  NetworkDhcpHost,
  NetworkDnsHost,
  NetworkDnsSpec,
  NetworkForwardMode,
  NetworkSpec,
  NetworkIpSpec,
  NetworkXmlInfo,
} from "./network-xml";
export {
  dhcpHostXml,
  dnsHostXml,
  ipPrefixLength,
  isIpv4,
  isIpv6,
  NETWORK_FORWARD_MODES,
  netmaskPrefix,
  networkSpecProblem,
} from "./network-xml";
export { LibvirtNode, parseDomIfAddr, parseNodeDeviceXml, parseNodeInfo } from "./node";
export type { InterfaceAddresses, NodeDevice, NodeInfo } from "./node";
