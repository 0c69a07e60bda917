// What the constructs record on the objects they create, for the bundled providers and the tooling to read back:
// per fact, its key, its one value type, and one encoder and one decoder. Decoders read what every release wrote.
// Also the XML toolkit those records (and the libvirt documents) are written and read with. Floor 1: imports
// nothing of this package, so every layer can use it.
export { ADOPT_ANY_RELEASED, ADOPT_CONFIG_KEY, mayAdoptReleased } from "./adopt";
export {
  CLOUD_INIT_CHANGE_CONFIG_KEY,
  CLOUD_INIT_CONFIG_KEYS,
  CloudInitChange,
  decodeCloudInitChange,
  encodeCloudInitChange,
} from "./cloud-init-change";
export type { CloudInitChangeName } from "./cloud-init-change";
export { recordedString } from "./config-value";
export type { RecordedConfig } from "./config-value";
export {
  encodeFinalCopyOf,
  FINAL_COPY_OF_CONFIG_KEY,
  finalCopyName,
  finalCopyPattern,
  isFinalCopyName,
} from "./final-copy";
export { decodeImageChange, encodeImageChange, IMAGE_CHANGE_CONFIG_KEY, ImageChange } from "./image-change";
export type { ImageChangeName } from "./image-change";
export { RECORD_KEY_PREFIX } from "./key-prefix";
export {
  decodeLifecycleKind,
  encodeLifecycleKind,
  LIFECYCLE_CONFIG_KEY,
  LIFECYCLE_KIND_NAMES,
  VolumeLifecycle,
} from "./lifecycle-kind";
export type { LifecycleKindName } from "./lifecycle-kind";
export { MEMBER_NETWORK_KEYS, MEMBER_POOL_KEYS } from "./member-keys";
export {
  decodeOwnerMetadata,
  encodeOwnerConfig,
  encodeOwnerMetadataXml,
  LIBVIRT_OWNER_ELEMENT,
  LIBVIRT_OWNER_NAMESPACE,
  LIBVIRT_OWNER_PREFIX,
  OWNER_CONFIG_KEY,
  releasedConfig,
  stackOfOwner,
} from "./owner";
export {
  encodeInstanceProtection,
  encodeProtectMarker,
  hasDeleteProtection,
  hasProtectMarker,
  INCUS_DELETE_PROTECTION_KEY,
  PROTECT_CONFIG_KEY,
} from "./protect";
export {
  decodeRebuildSnapshotsXml,
  decodeSnapshotBeforeRebuild,
  encodeRebuildSnapshotsXml,
  encodeSnapshotBeforeRebuild,
  isRebuildCopyName,
  LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE,
  LIBVIRT_REBUILD_SNAPSHOTS_PREFIX,
  rebuildCopyName,
  rebuildCopyPrefix,
  rebuildSnapshotName,
  rebuildSnapshotPrefix,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "./rebuild-snapshot";
export type { RebuildSnapshotRequest } from "./rebuild-snapshot";
export {
  decodeReleaseRecord,
  encodeReleaseRecord,
  isReleased,
  LIBVIRT_RELEASE_RECORD_SUFFIX,
  RELEASED_OWNER_PREFIX,
  releasedBy,
  releasedOwner,
  releaseRecordName,
} from "./released";
export {
  decodeIncusRemovalPolicy,
  decodeLibvirtRemovalPolicy,
  decodeRemovalPolicy,
  encodeIncusRemovalPolicy,
  encodeLibvirtRemovalPolicy,
  incusRemovalPolicy,
  REMOVAL_POLICY_CONFIG_KEY,
  REMOVAL_POLICY_NAMES,
  RemovalPolicy,
} from "./removal-policy";
export type { RecordedRemovalPolicy, RemovalPolicyName } from "./removal-policy";
export { UTC_STAMP_PATTERN, utcStamp } from "./stamp";
export { escapeXml, namespacedChildren, parseXmlOrdered, parseXmlTree, unescapeXml } from "./xml";
export type { XmlEscapeContext, XmlNode } from "./xml";
