// Generated from the incus_certificate schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A certificate in the Incus trust store: clients presenting it may use the API. */
export interface IncusCertificateConfig extends TerraformMetaArguments {
  /** Name of the certificate. */
  readonly name: string;
  /** The PEM certificate to trust. */
  readonly certificate: string;
  /**
   * Description of the certificate.
   * @default ""
   */
  readonly description?: string;
  /** Projects a restricted certificate may use. */
  readonly projects?: string[];
  /** The remote whose trust store holds the certificate. */
  readonly remote?: string;
  /**
   * Whether the certificate may only use the listed projects.
   * @default false
   */
  readonly restricted?: boolean;
  /**
   * client (API access) or metrics (the /1.0/metrics endpoint only).
   * @default "client"
   */
  readonly type?: string;
}

export const INCUS_CERTIFICATE_SPEC: AttributeSpec = {
  name: "value",
  certificate: "value",
  description: "value",
  projects: "value",
  remote: "value",
  restricted: "value",
  type: "value",
};

/** A certificate in the Incus trust store: clients presenting it may use the API. */
export class IncusCertificateResource extends SpecResource<IncusCertificateConfig> {
  public static readonly tfResourceType = "incus_certificate";

  public constructor(scope: Construct, id: string, config: IncusCertificateConfig) {
    super(
      scope,
      id,
      { type: "incus_certificate", providerName: "incus", spec: INCUS_CERTIFICATE_SPEC },
      config,
    );
  }

  /** Name of the certificate. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** The PEM certificate to trust. */
  public get certificateRef(): string {
    return this.attribute("certificate");
  }

  /** Description of the certificate. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** The remote whose trust store holds the certificate. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Whether the certificate may only use the listed projects. */
  public get restrictedRef(): IResolvable {
    return this.getBooleanAttribute("restricted");
  }

  /** client (API access) or metrics (the /1.0/metrics endpoint only). */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** SHA-256 fingerprint of the certificate. */
  public get fingerprint(): string {
    return this.attribute("fingerprint");
  }
}
