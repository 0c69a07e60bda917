// The server itself (/1.0): version, API extensions, trust status, environment, server config.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT_AND_TARGET } from "./api";
import type { ConfigMap } from "./types";

export interface ServerEnvironment {
  readonly addresses: string[];
  readonly architectures: string[];
  /** The server's PEM certificate (pin it to verify HTTPS connections). */
  readonly certificate: string;
  readonly certificate_fingerprint: string;
  readonly driver: string;
  readonly driver_version: string;
  readonly kernel: string;
  readonly kernel_architecture: string;
  readonly kernel_version: string;
  readonly os_name?: string;
  readonly os_version?: string;
  readonly project: string;
  readonly server: string;
  readonly server_clustered: boolean;
  readonly server_name: string;
  readonly server_pid: number;
  readonly server_version: string;
  readonly storage: string;
  readonly storage_supported_drivers?: unknown[];
  readonly [key: string]: unknown;
}

export interface Server {
  readonly api_extensions: string[];
  readonly api_status: string;
  readonly api_version: string;
  /** "trusted" or "untrusted": whether this client's certificate (or socket user) is trusted. */
  readonly auth: "trusted" | "untrusted" | string;
  readonly auth_methods?: string[];
  readonly auth_user_method?: string;
  readonly auth_user_name?: string;
  readonly public: boolean;
  readonly config: ConfigMap;
  /** Absent for untrusted clients. */
  readonly environment?: ServerEnvironment;
}

export interface ServerPut {
  readonly config: ConfigMap;
}

export class ServerApi {
  constructor(private readonly api: IncusApi) {}

  /** GET /1.0 with its ETag. Untrusted clients get a reduced object without `environment`. */
  async get(call?: CallOptions): Promise<Versioned<Server>> {
    return this.api.get<Server>("/1.0", call, PROJECT_AND_TARGET);
  }

  /** Replaces the whole server config (PUT /1.0); keys left out are reset. */
  async update(body: ServerPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", "/1.0", options, { target: true }, { json: body, etag: options?.etag });
  }

  /** Sets the given server config keys (PATCH /1.0); "" unsets a key. */
  async patchConfig(config: ConfigMap, options?: UpdateOptions): Promise<void> {
    await this.api.write("PATCH", "/1.0", options, { target: true }, { json: { config }, etag: options?.etag });
  }
}
