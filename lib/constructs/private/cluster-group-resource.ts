// Builds a ClusterGroup's incus_cluster_group: a group of members of the IncusHost's cluster, each checked against
// the members the host declares.
import type { Construct } from "constructs";
import { IncusClusterGroupResource } from "../../bindings";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";
import { clusterTarget } from "./cluster-target";

const KIND = "ClusterGroup";

/** The common props of a ClusterGroup, resolved. */
export interface ClusterGroupInput {
  readonly name: string;
  readonly members?: readonly string[];
  readonly description?: string;
}

/** The incus_cluster_group (child "Default" of `scope`); returns the reference to its name. */
export function incusClusterGroup(scope: Construct, host: IncusHostLike, input: ClusterGroupInput): string {
  if (host.clusterMembers === undefined)
    fail(
      scope,
      KIND,
      "host",
      `the host "${host.node.path}" is not a cluster: give the IncusHost its \`clusterMembers\` (cluster groups exist on clusters only)`,
    );
  if (input.name === "default")
    fail(scope, KIND, "name", '"default" is the group every member is in; give another name');
  const members = input.members;
  if (members !== undefined && !Array.isArray(members)) fail(scope, KIND, "members", "must be a list of member names");
  const seen = new Set<string>();
  for (const member of members ?? []) {
    if (typeof member === "string" && member.startsWith("@"))
      fail(scope, KIND, "members", `"${member}" is a group; a group holds members, give their names`);
    clusterTarget(scope, KIND, "members", host, member, false);
    if (seen.has(member)) fail(scope, KIND, "members", `"${member}" is given twice`);
    seen.add(member);
  }
  const resource = new IncusClusterGroupResource(scope, "Default", {
    name: input.name,
    description: input.description,
    remote: host.remoteName,
    members: members !== undefined ? [...members] : undefined,
  });
  return resource.nameRef;
}
