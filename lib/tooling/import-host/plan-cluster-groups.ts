// The import plan of cluster groups (clusters only): a ClusterGroup per group with its members and description,
// adopted by name. The built-in "default" group, which every member is in, is Incus's own and never imported.
import type { ClusterGroup } from "../../incus";
import { namedImportId } from "./import-ids";
import type { Ref, Value } from "./source-text";

/** What the cluster group planner needs of the plan. */
export interface ClusterGroupPlanContext {
  readonly host: Ref;
  declare(className: "ClusterGroup", props: Value, importId: string, name: string, suffix: string): Ref;
  warn(message: string): void;
}

export function planClusterGroups(groups: readonly ClusterGroup[], context: ClusterGroupPlanContext): void {
  for (const group of groups) {
    if (group.name === "default") continue;
    const config = Object.keys(group.config ?? {}).sort();
    if (config.length > 0) {
      context.warn(
        `cluster group "${group.name}": the ClusterGroup construct has no prop for its config (${config.join(", ")}) — not imported`,
      );
      continue;
    }
    const members = [...(group.members ?? [])].sort();
    context.declare(
      "ClusterGroup",
      {
        host: context.host,
        name: group.name,
        members: members.length > 0 ? members : undefined,
        description: group.description || undefined,
      },
      namedImportId(group.name),
      group.name,
      "Group",
    );
  }
}
