// The lifecycle kind of a volume: the public enum (upper case, as users write it) and the one recorded spelling
// (lower case), which the constructs write so that tooling reads the model instead of inferring it. On Incus the
// record is part of the volume's config (it travels with the object and its state); libvirt volumes have no metadata
// of their own, so there it goes into the resource's "//" comment in cdk.tf.json, which Terraform ignores.

/**
 * How a volume's life is coupled to the instances it is attached to.
 *
 * | kind       | attachments          | on instance replacement            | on removal from code / destroy        |
 * |------------|----------------------|------------------------------------|---------------------------------------|
 * | EPHEMERAL  | exactly one instance | destroyed and created again with it| destroyed with the instance           |
 * | PERSISTENT | at most one instance | detached, kept, re-attached        | refused (prevent_destroy) unless `protect: false` |
 * | SHARED     | any number           | kept                               | refused unless `protect: false`       |
 */
export enum VolumeLifecycle {
  /** Scratch space: lives and dies with the one instance it is attached to. */
  EPHEMERAL = "EPHEMERAL",
  /** Data that must survive every rebuild of its instance (the default). */
  PERSISTENT = "PERSISTENT",
  /** A disk attached to several instances at once (block volumes get `security.shared`). */
  SHARED = "SHARED",
}

/** The lifecycle kind as recorded and as the tooling names it. */
export type LifecycleKindName = Lowercase<`${VolumeLifecycle}`>;

export const LIFECYCLE_KIND_NAMES: readonly LifecycleKindName[] =
  Object.values(VolumeLifecycle).map(encodeLifecycleKind);

/** Config key recording a volume's lifecycle kind (libvirt: the same key in the resource's "//" comment). */
export const LIFECYCLE_CONFIG_KEY = "user.cdktf-virt.lifecycle";

/** The recorded spelling of `kind`: "ephemeral", "persistent" or "shared". */
export function encodeLifecycleKind(kind: VolumeLifecycle): LifecycleKindName {
  return kind.toLowerCase() as LifecycleKindName;
}

/** The kind a record names, in any case; undefined when absent or not a kind (the tooling then infers it). */
export function decodeLifecycleKind(value: string | null | undefined): LifecycleKindName | undefined {
  const kind = value?.toLowerCase();
  return (LIFECYCLE_KIND_NAMES as readonly string[]).includes(kind ?? "") ? (kind as LifecycleKindName) : undefined;
}
