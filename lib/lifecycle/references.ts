// Plain reference strings for lifecycle arguments. cdktf 0.21 writes `"${type.name}"` when a resource object is
// passed to replaceTriggeredBy, which Terraform rejects; Terraform wants the bare address in JSON.
import type { TerraformResource } from "cdktf";

/** The resource's address, e.g. "incus_instance.db" — valid in replace_triggered_by. */
export function resourceAddress(resource: TerraformResource): string {
  return `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
}
