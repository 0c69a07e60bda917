// The lifecycle compiler: coupling rules → Terraform lifecycle meta-arguments and terraform_data generation
// anchors. Knows nothing of constructs; the constructs feed it plain inputs and resources.
export {
  VolumeLifecycle,
  VOLUME_LIFECYCLE_RULES,
  LifecyclePolicyError,
  resolveVolumeProtection,
  volumeLifecycleBlock,
  uniqueSorted,
} from "./volume-lifecycle";
export type { VolumeLifecycleRule, VolumeLifecycleInput } from "./volume-lifecycle";
export { instanceLifecycleBlock, instanceProtectionConfig, INCUS_DELETE_PROTECTION_KEY } from "./instance-lifecycle";
export type { InstanceLifecycleInput } from "./instance-lifecycle";
export { GenerationAnchor } from "./generation-anchor";
export type { ReplacementInputs } from "./generation-anchor";
export { resourceAddress } from "./references";
export { tooManyAttachments, tooFewAttachments } from "./attachment-rules";
export {
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  LIBVIRT_OWNER_NAMESPACE,
  ownerMarker,
  incusOwnershipConfig,
  libvirtOwnerMetadataXml,
} from "./ownership";
