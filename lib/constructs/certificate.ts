// Certificate: a client certificate the Incus server trusts (its trust store), for the whole API, for some
// projects only (`projects`), or for the metrics endpoint only. The host builds it
// (private/certificate-resource.ts); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { CertificateProps } from "./model/certificate-props";
import type { IHost } from "./model/host";
import { backendOf } from "./private/backend";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME } from "./private/names";

export class Certificate<H extends IHost = IHost> extends Construct {
  public readonly host: H;
  public readonly certificateName: string;
  /** The certificate's SHA-256 fingerprint, known once it is trusted (a reference). */
  public readonly fingerprint: string;

  public constructor(scope: Construct, id: string, props: CertificateProps<H>) {
    super(scope, id);
    const kind = "Certificate";
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    this.certificateName = resolveObjectName(this, kind, OBJECT_NAME, [this.host.node.path], props.name);
    this.fingerprint = backend.certificate(this, {
      name: this.certificateName,
      certificate: props.certificate,
      certificateFile: props.certificateFile,
      type: props.type,
      projects: props.projects,
      description: props.description,
    });
  }
}
