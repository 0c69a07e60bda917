// The lifecycle compiler: coupling rules → Terraform lifecycle meta-arguments, the content of terraform_data
// generation anchors, and the records volumes carry. Pure rules: no constructs here (the constructs own the
// resources, see lib/constructs/private/generation.ts); they feed it plain inputs and resource addresses. Helpers the
// constructs share with these rules (Terraform references, ./references) are imported by file, not from here.
export {
  VolumeLifecycle,
  VOLUME_LIFECYCLE_RULES,
  LifecyclePolicyError,
  resolveVolumeProtection,
  volumeLifecycleBlock,
} from "./volume-lifecycle";
export type { VolumeLifecycleRule, VolumeLifecycleInput } from "./volume-lifecycle";
export { instanceLifecycleBlock, instanceProtectionConfig, INCUS_DELETE_PROTECTION_KEY } from "./instance-lifecycle";
export type { InstanceLifecycleInput } from "./instance-lifecycle";
export { generationFollows, generationTriggers, joinsGeneration } from "./generation";
export type { GenerationMember, ReplacementInputs } from "./generation";
export { frozenRecordPaths, LIFECYCLE_CONFIG_KEY, volumeRecord } from "./records";
export type { VolumeRecordInput } from "./records";
export {
  RemovalPolicy,
  REMOVAL_POLICY_CONFIG_KEY,
  resolveVolumeRemovalPolicy,
  resolveInstanceProtection,
  isProtected,
  incusRemovalPolicyConfig,
  libvirtRemovalPolicy,
} from "./removal-policy";
export { tooManyAttachments, tooFewAttachments } from "./attachment-rules";
export { libvirtRebuildSnapshotsXml } from "./rebuild-snapshots";
export type { RebuildSnapshotRequest } from "./rebuild-snapshots";
export {
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  LIBVIRT_OWNER_NAMESPACE,
  ownerMarker,
  incusOwnershipConfig,
  libvirtOwnerMetadataXml,
} from "./ownership";
