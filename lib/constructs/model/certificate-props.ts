// The props of a Certificate (Incus only): a client certificate the Incus server trusts, for the API or only for
// its metrics.
import type { IHost, IncusOnly } from "./host";
import type { IProject } from "./project-props";

/** What a trusted certificate may do. */
export enum CertificateType {
  /** Use the API (all of it, or the projects given in `projects`). */
  CLIENT = "client",
  /** Read /1.0/metrics only. */
  METRICS = "metrics",
}

export interface CertificateProps<H extends IHost = IHost> {
  /** An IncusHost: its trust store holds the certificate (a compile error on a LibvirtHost). */
  readonly host: IncusOnly<H, H>;
  /** Letters, digits, '.', '_' or '-'. @default derived from the construct path */
  readonly name?: string;
  /** The PEM certificate ("-----BEGIN CERTIFICATE-----…"); give this or `certificateFile`. */
  readonly certificate?: string;
  /** A file holding the PEM certificate, read at synth (relative paths from the working directory). */
  readonly certificateFile?: string;
  /** @default CertificateType.CLIENT */
  readonly type?: CertificateType;
  /**
   * The projects a client certificate is restricted to; without it the certificate can use every project.
   * @default not restricted
   */
  readonly projects?: readonly IProject[];
  /** @default none */
  readonly description?: string;
}
