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
export { instanceLifecycleBlock, instanceProtectionConfig } from "./instance-lifecycle";
export type { InstanceLifecycleInput } from "./instance-lifecycle";
export { generationFollows, generationTriggers, joinsGeneration } from "./generation";
export type { GenerationMember, ReplacementInputs } from "./generation";
export { frozenRecordPaths, volumeRecord } from "./records";
export type { VolumeRecordInput } from "./records";
export { resolveVolumeRemovalPolicy, resolveInstanceProtection, isProtected } from "./removal-policy";
export { tooManyAttachments, tooFewAttachments } from "./attachment-rules";
export { ownerMarker, incusOwnershipConfig, libvirtOwnerMetadataXml } from "./ownership";
// The recorded facts the constructs write, under the names this entry point has always exported (lib/records).
export {
  encodeIncusRemovalPolicy as incusRemovalPolicyConfig,
  encodeLibvirtRemovalPolicy as libvirtRemovalPolicy,
  encodeRebuildSnapshotsXml as libvirtRebuildSnapshotsXml,
  INCUS_DELETE_PROTECTION_KEY,
  LIBVIRT_OWNER_NAMESPACE,
  LIFECYCLE_CONFIG_KEY,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  REMOVAL_POLICY_CONFIG_KEY,
  RemovalPolicy,
} from "../records";
export type { RebuildSnapshotRequest } from "../records";
