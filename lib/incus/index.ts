// Public surface of the Incus REST client: the client, what its endpoints take and return, its errors, and the
// remotes it connects to. Nothing here knows about Terraform or constructs. Helpers the provider and the tooling
// share (incus command lines, volume attachments, used-by paths, file modes) are internal: import them by file.
export { IncusClient } from "./client";
export type { IncusClientOptions } from "./client";
export type { IncusRemote, UnixSocketRemote, HttpsRemote } from "./remotes";
export { resolveSocketPath, DEFAULT_INCUS_DIR } from "./remotes";
export type { ParsedAddress } from "./remotes";
export { parseAddress } from "./remotes";
export type { ClientConfig, ClientConfigRemote } from "./remotes";
export { readClientConfig } from "./remotes";
export type { ClientIdentity, ClientCertificateGenerator } from "./remotes";
export { certificateFingerprint, loadClientIdentity } from "./remotes";
export type { RemoteDefinition, RemoteHints, RemoteInfo, RemoteTableOptions, TrustSetup } from "./remotes";
export { RemoteTable } from "./remotes";
export type { CallOptions, UpdateOptions, Versioned, IncusApi, CallRequest, Scope } from "./api";
export type { Operation, WriteResult } from "./operations";
export type { HttpMethod, QueryParams, RawBody, IncomingResponse } from "./request";
export {
  IncusError,
  IncusNotFoundError,
  IncusConflictError,
  IncusPreconditionFailedError,
  IncusOperationError,
  IncusTimeoutError,
  IncusAbortedError,
  IncusTlsError,
  IncusConnectionError,
  isIncusError,
  hasIncusCode,
  isNotFound,
  isConflict,
  isPreconditionFailed,
  isOperationFailed,
  isTimeout,
  isAborted,
  isTlsError,
  isConnectionError,
  ignoreNotFound,
} from "./errors";
export type { IncusErrorCode, IncusErrorDetails } from "./errors";
export type { ConfigMap, DevicesMap, InstanceType } from "./types";
export type { Server, ServerEnvironment, ServerPut, ServerApi } from "./server";
export type { Certificate, CertificateAdd, CertificatePut, CertificatesApi } from "./certificates";
export type { Project, ProjectPut, ProjectsPost, ProjectsApi } from "./projects";
export type { Network, NetworkPut, NetworksPost, NetworksApi } from "./networks";
export type { Cluster, ClusterMember, ClusterApi } from "./cluster";
export type { NetworkACL, NetworkACLPut, NetworkACLRule, NetworkACLsPost, NetworkACLsApi } from "./network-acls";
export type {
  NetworkAddressSet,
  NetworkAddressSetPut,
  NetworkAddressSetsPost,
  NetworkAddressSetsApi,
} from "./network-address-sets";
export type {
  NetworkForward,
  NetworkForwardPort,
  NetworkForwardPut,
  NetworkForwardsPost,
  NetworkForwardsApi,
} from "./network-forwards";
export type {
  NetworkLoadBalancer,
  NetworkLoadBalancerBackend,
  NetworkLoadBalancerPort,
  NetworkLoadBalancerPut,
  NetworkLoadBalancersPost,
  NetworkLoadBalancersApi,
} from "./network-load-balancers";
export type { NetworkPeer, NetworkPeerPut, NetworkPeersPost, NetworkPeersApi } from "./network-peers";
export type { StoragePool, StoragePoolPut, StoragePoolsPost, StoragePoolsApi } from "./storage-pools";
export type {
  StorageVolume,
  StorageVolumePut,
  StorageVolumesPost,
  StorageVolumeCopySource,
  VolumeContentType,
  VolumeCopyOptions,
  StorageVolumesApi,
} from "./storage-volumes";
export type { Profile, ProfilePut, ProfilesPost, ProfilesApi } from "./profiles";
export type {
  Instance,
  InstancePut,
  InstancesPost,
  InstanceSource,
  InstanceImageSource,
  InstanceEmptySource,
  InstanceCopySource,
  InstancesApi,
} from "./instances";
export type { InstanceState, InstanceStatePut, StateAction, ShutdownOptions, InstanceStateApi } from "./instance-state";
export type {
  InstanceFile,
  InstanceFileType,
  FileOwnership,
  FilePushOptions,
  InstanceFilesApi,
} from "./instance-files";
export type { ExecOptions, ExecResult, ExecApi } from "./exec";
export type {
  Image,
  ImagePut,
  ImageAlias,
  ImageAliasRef,
  ImageAliasCreate,
  ImageFileSource,
  ImageImportOptions,
  ImageImportResult,
  ImagesApi,
} from "./images";
export type {
  InstanceSnapshot,
  VolumeSnapshot,
  VolumeSnapshotPut,
  SnapshotCreateOptions,
  InstanceSnapshotsApi,
  VolumeSnapshotsApi,
} from "./snapshots";
export type { NetworkZone, NetworkZonePut, NetworkZonesPost, NetworkZonesApi } from "./network-zones";
export type {
  NetworkZoneRecord,
  NetworkZoneRecordEntry,
  NetworkZoneRecordPut,
  NetworkZoneRecordsPost,
  NetworkZoneRecordsApi,
} from "./network-zone-records";
export type { ClusterGroup, ClusterGroupPut, ClusterGroupsPost, ClusterGroupsApi } from "./cluster-groups";
export type { StorageBucket, StorageBucketPut, StorageBucketsPost, StorageBucketsApi } from "./storage-buckets";
export type {
  StorageBucketKey,
  StorageBucketKeyPut,
  StorageBucketKeysPost,
  StorageBucketKeysApi,
} from "./storage-bucket-keys";
export type {
  NetworkIntegration,
  NetworkIntegrationPut,
  NetworkIntegrationsPost,
  NetworkIntegrationsApi,
} from "./network-integrations";
