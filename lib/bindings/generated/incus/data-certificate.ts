// Generated from the data.incus_certificate schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads a certificate the Incus server trusts. */
export interface DataIncusCertificateConfig extends TerraformMetaArguments {
  /** SHA-256 fingerprint of the certificate (a unique prefix will do). */
  readonly fingerprint: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the certificate. */
  readonly description?: string;
  /** Name of the certificate. */
  readonly name?: string;
  /** The PEM-encoded X.509 certificate. */
  readonly certificate?: string;
  /** client or metrics. */
  readonly type?: string;
  /** Whether only the listed projects may be used. */
  readonly restricted?: boolean;
  /** Projects the certificate may use. */
  readonly projects?: string[];
}

export const DATA_INCUS_CERTIFICATE_SPEC: AttributeSpec = {
  fingerprint: "value",
  remote: "value",
  description: "value",
  name: "value",
  certificate: "value",
  type: "value",
  restricted: "value",
  projects: "value",
};

/** Reads a certificate the Incus server trusts. */
export class DataIncusCertificate extends SpecDataSource<DataIncusCertificateConfig> {
  public static readonly tfResourceType = "incus_certificate";

  public constructor(scope: Construct, id: string, config: DataIncusCertificateConfig) {
    super(
      scope,
      id,
      { type: "incus_certificate", providerName: "incus", spec: DATA_INCUS_CERTIFICATE_SPEC },
      config,
    );
  }

  /** SHA-256 fingerprint of the certificate (a unique prefix will do). */
  public get fingerprint(): string {
    return this.attribute("fingerprint");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the certificate. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Name of the certificate. */
  public get name(): string {
    return this.attribute("name");
  }

  /** The PEM-encoded X.509 certificate. */
  public get certificate(): string {
    return this.attribute("certificate");
  }

  /** client or metrics. */
  public get type(): string {
    return this.attribute("type");
  }

  /** Whether only the listed projects may be used. */
  public get restricted(): IResolvable {
    return this.getBooleanAttribute("restricted");
  }

  /** Projects the certificate may use. */
  public get projects(): string[] {
    return this.getListAttribute("projects");
  }
}
