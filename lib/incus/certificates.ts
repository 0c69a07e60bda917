// Trusted client certificates (/1.0/certificates): who may talk to the server over HTTPS.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { UNSCOPED, apiPath } from "./api";
import { certificateFingerprint } from "./remotes/credentials";

export interface Certificate {
  readonly name: string;
  /** client or metrics. */
  readonly type: string;
  /** SHA-256 of the DER certificate, lower-case hex without colons. */
  readonly fingerprint: string;
  /** Base64 DER (PEM body). */
  readonly certificate: string;
  readonly restricted: boolean;
  readonly projects: string[] | null;
  readonly description?: string;
}

export interface CertificateAdd {
  /** PEM certificate (header lines are stripped before sending; Incus wants base64 DER). */
  readonly certificate: string;
  readonly name: string;
  /** @default "client" */
  readonly type?: "client" | "metrics";
  /** Limit the certificate to `projects`. @default false */
  readonly restricted?: boolean;
  readonly projects?: string[];
  readonly description?: string;
}

/** What PUT /1.0/certificates/<fingerprint> takes. */
export interface CertificatePut {
  readonly name: string;
  readonly type: string;
  readonly restricted: boolean;
  readonly projects: readonly string[];
  /** The certificate as Incus returned it (it cannot be changed). */
  readonly certificate: string;
  readonly description?: string;
}

function pemBody(pem: string): string {
  certificateFingerprint(pem); // validates early with a clear message
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
}

export class CertificatesApi {
  constructor(private readonly api: IncusApi) {}

  async list(call?: CallOptions): Promise<Certificate[]> {
    return this.api.list<Certificate>(apiPath("certificates"), call, UNSCOPED);
  }

  async get(fingerprint: string, call?: CallOptions): Promise<Versioned<Certificate>> {
    return this.api.get<Certificate>(apiPath("certificates", fingerprint), call, UNSCOPED);
  }

  /** Trusts a certificate; returns its fingerprint (the id for get/delete). */
  async add(cert: CertificateAdd, call?: CallOptions): Promise<string> {
    const { certificate, type, ...rest } = cert;
    await this.api.write("POST", apiPath("certificates"), call, UNSCOPED, {
      json: { ...rest, type: type ?? "client", certificate: pemBody(certificate) },
    });
    return certificateFingerprint(certificate);
  }

  /**
   * Redeems a one-time trust token (from `incus config trust add <name>`): the server then trusts the client
   * certificate this connection presents. Works over an untrusted HTTPS connection; that is its purpose.
   */
  async addWithToken(token: string, options: { readonly name?: string } & CallOptions = {}): Promise<void> {
    const { name, ...call } = options;
    await this.api.write("POST", apiPath("certificates"), call, UNSCOPED, {
      json: { type: "client", trust_token: token, ...(name ? { name } : {}) },
    });
  }

  /** Replaces name, type, restriction, projects and description (PUT); `certificate` must be the current one. */
  async update(fingerprint: string, body: CertificatePut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", apiPath("certificates", fingerprint), options, UNSCOPED, {
      json: body,
      etag: options?.etag,
    });
  }

  async delete(fingerprint: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", apiPath("certificates", fingerprint), call, UNSCOPED);
  }
}
