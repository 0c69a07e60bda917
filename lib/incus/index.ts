// Public surface of the Incus REST client. Nothing here knows about Terraform or constructs.
export { IncusClient } from "./client";
export type { IncusClientOptions } from "./client";
export * from "./remotes";
export { cliRemote, cliVolumeRef, incusCommand, printedCommands, shellWord, volumeCopyCommand } from "./cli-command";
export type { CliRemote } from "./cli-command";
export type { CallOptions, UpdateOptions, Versioned, IncusApi, CallRequest, Scope } from "./api";
export { apiPath } from "./api";
export { MAX_TIMEOUT_MS } from "./cancel";
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
export type { Certificate, CertificateAdd, CertificatesApi } from "./certificates";
export type { Project, ProjectPut, ProjectsPost, ProjectsApi } from "./projects";
export type { Network, NetworkPut, NetworksPost, NetworksApi } from "./networks";
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
export { VOLUME_FILES_EXTENSION } from "./storage-volumes";
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
export { FilesEndpoint, formatMode } from "./instance-files";
export type { InstanceFile, InstanceFileType, FileOwnership, FilePushOptions, InstanceFilesApi } from "./instance-files";
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
export type { InstanceSnapshot, VolumeSnapshot, VolumeSnapshotPut, SnapshotCreateOptions, InstanceSnapshotsApi, VolumeSnapshotsApi } from "./snapshots";
export { parseUsedBy } from "./used-by";
export { attachDevices, attachedCustomVolumes, detachVolume, volumeDeviceNames } from "./volume-attachments";
export type { DetachResult } from "./volume-attachments";
export type { UsedByRef } from "./used-by";
