// ClusterGroup: a named set of members of an Incus cluster; instances are placed on one of them with
// `incus: { target: group.target }` ("@<name>"). The host builds it (private/cluster-group-resource.ts); on a host
// that is not a cluster, or a libvirt host, it is an error.
import { Construct } from "constructs";
import type { ClusterGroupProps } from "./model/cluster-group-props";
import type { IHost } from "./model/host";
import { backendOf } from "./private/backend";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME } from "./private/names";

export class ClusterGroup<H extends IHost = IHost> extends Construct {
  public readonly host: H;
  /** The group name (a reference to the group resource). */
  public readonly groupName: string;
  /** The placement target of the group, "@<name>", for an instance's `incus.target`. */
  public readonly target: string;

  public constructor(scope: Construct, id: string, props: ClusterGroupProps<H>) {
    super(scope, id);
    const kind = "ClusterGroup";
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    const name = resolveObjectName(this, kind, OBJECT_NAME, [this.host.node.path], props.name);
    this.groupName = backend.clusterGroup(this, { name, members: props.members, description: props.description });
    this.target = `@${name}`;
  }
}
