// NetworkAcl: an Incus network ACL with typed ingress and egress rules, checked at synth. It applies where it is
// attached: to a whole network (`new Network(…, { incus: { acls: [acl] } })`, Incus `security.acls`) or to one
// instance's NIC (`new Instance(…, { incus: { acls: [acl] } })`). The host builds it
// (private/network-acl-resource.ts); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { IHost } from "./model/host";
import type { INetworkAcl, NetworkAclProps } from "./model/network-acl-props";
import { backendOf } from "./private/backend";
import { resolveObjectName } from "./private/name-registry";
import { INCUS_ACL_NAME } from "./private/names";

export class NetworkAcl<H extends IHost = IHost> extends Construct implements INetworkAcl<H> {
  /** An ACL that exists already and is not managed by this stack. */
  public static fromName<H extends IHost>(scope: Construct, id: string, host: H, name: string): INetworkAcl<H> {
    class ImportedAcl extends Construct implements INetworkAcl<H> {
      public readonly host = host;
      public readonly aclName = name;
    }
    return new ImportedAcl(scope, id);
  }

  public readonly host: H;
  public readonly aclName: string;

  public constructor(scope: Construct, id: string, props: NetworkAclProps<H>) {
    super(scope, id);
    const kind = "NetworkAcl";
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    const name = resolveObjectName(this, kind, INCUS_ACL_NAME, [this.host.node.path], props.name);
    this.aclName = backend.networkAcl(this, {
      name,
      description: props.description,
      ingress: props.ingress,
      egress: props.egress,
    });
  }
}
