// Plain reference strings for lifecycle arguments. cdktf 0.21 writes `"${type.name}"` when a resource object is
// passed to replaceTriggeredBy, which Terraform rejects; Terraform wants the bare address in JSON.
import type { TerraformResource } from "cdktf";

/** The resource's address, e.g. "incus_instance.db" — valid in replace_triggered_by. */
export function resourceAddress(resource: TerraformResource): string {
  return `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
}

/**
 * References to attributes of a resource, e.g. `incus_storage_volume.data.config["size"]`, for replace_triggered_by.
 * A whole-resource reference fires on any update of the resource, bookkeeping included (a protect marker lifted, a
 * removal policy written); an attribute reference fires only when that value changes (or becomes unknown, as the
 * computed ones do when the resource is replaced). `paths` are attribute names or `map["key"]` index paths.
 */
export function attributeReferences(resource: TerraformResource, paths: readonly string[]): string[] {
  const address = resourceAddress(resource);
  return paths.map((path) => `${address}.${path}`);
}

/** An index path into a map attribute: `config["size"]`. */
export function mapKeyPath(attribute: string, key: string): string {
  return `${attribute}[${JSON.stringify(key)}]`;
}
