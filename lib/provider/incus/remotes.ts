// The provider's remotes: `remote` blocks and the INCUS_* environment remote on top of lib/incus' RemoteTable
// (the CLI's config.yml and the built-in `local` socket), merged the way the official provider merges them.
// This file only speaks Terraform: attribute paths, diagnostics, the provider's environment variables and
// hints. Clients are created lazily, one per remote, so a configuration may name remotes that do not exist yet
// as long as nothing uses them.
import { IncusClient, RemoteTable, loadClientIdentity } from "../../incus";
import type { RemoteDefinition, RemoteInfo } from "../../incus";
import type { Diagnostics, Logger } from "../framework";
import { generateClientCertificate } from "./client-certificate";
import { errorMessage } from "./common";
import type { IncusProviderData } from "./provider-data";

/** A `remote { ... }` block (or the environment remote) as given; null = unset. */
export interface RemoteSettings extends Omit<RemoteDefinition, "unusable"> {
  readonly authenticationType?: string | null;
  /** True when some value of the block is unknown during plan. */
  readonly unknown?: boolean;
  /**
   * Position of the block among the configuration's remote blocks, for attribute paths in diagnostics
   * (blocks without a known name are not passed on). Default: the position in ProviderSettings.remotes.
   */
  readonly blockIndex?: number;
}

export interface ProviderSettings {
  readonly configDir?: string | null;
  readonly generateClientCertificates?: boolean | null;
  readonly acceptRemoteCertificate?: boolean | null;
  readonly defaultRemote?: string | null;
  readonly remotes: readonly RemoteSettings[];
  readonly waitTimeoutMs: number;
  readonly env?: NodeJS.ProcessEnv;
}

/** How to fix a remote, in the provider's own attribute names. */
const HINTS = {
  defineRemote: "add a remote block with that name to the provider",
  setAddress: "set address in its remote block",
  createClientCertificate: "Set generate_client_certificates = true in the provider, or run `incus remote add` once.",
  acceptServerCertificate: "Set accept_remote_certificate = true to accept it, or pin it with `incus remote add`.",
};

const TRUST_TIMEOUT_MS = 15_000;

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

function definition(s: RemoteSettings): RemoteDefinition {
  const unusable = s.unknown
    ? `The settings of remote ${JSON.stringify(s.name)} are not known until apply.`
    : undefined;
  return {
    name: s.name,
    address: s.address,
    protocol: s.protocol,
    token: s.token,
    public: s.public,
    credentialsHelper: s.credentialsHelper,
    unusable,
  };
}

export class Remotes implements IncusProviderData {
  private readonly clients = new Map<string, IncusClient>();

  private constructor(
    private readonly table: RemoteTable,
    readonly waitTimeoutMs: number,
  ) {}

  get defaultRemote(): string {
    return this.table.defaultRemote;
  }

  /** Builds the remote table and does the network work trust needs (token, accepting a certificate). */
  static async configure(
    settings: ProviderSettings,
    ctx: { signal: AbortSignal; diagnostics: Diagnostics; log: Logger },
  ): Promise<Remotes> {
    const env = settings.env ?? process.env;
    const definitions: RemoteDefinition[] = [];
    if (env.INCUS_REMOTE) {
      definitions.push(
        definition({
          name: env.INCUS_REMOTE,
          address: env.INCUS_ADDR,
          protocol: env.INCUS_PROTOCOL,
          token: env.INCUS_TOKEN,
          credentialsHelper: env.INCUS_OCI_CREDENTIALS_HELPER,
        }),
      );
    }
    const seen = new Set<string>();
    settings.remotes.forEach((s, i) => {
      if (seen.has(s.name))
        ctx.diagnostics.error(
          "Duplicate remote",
          `Remote ${JSON.stringify(s.name)} is defined twice; give each remote block a unique name.`,
          ["remote", s.blockIndex ?? i, "name"],
        );
      seen.add(s.name);
      definitions.push(definition(s));
    });
    const table = RemoteTable.load({
      configDir: settings.configDir,
      remotes: definitions,
      defaultRemote: settings.defaultRemote || env.INCUS_REMOTE,
      env,
      hints: HINTS,
    });
    if (table.configProblem) {
      ctx.diagnostics.warning(
        "Ignoring the incus client configuration",
        `${table.configProblem}. Its remotes are not available; fix or remove the file.`,
        ["config_dir"],
      );
    }
    if (settings.defaultRemote && !table.has(settings.defaultRemote)) {
      ctx.diagnostics.error(
        "Unknown default remote",
        `default_remote is ${JSON.stringify(settings.defaultRemote)}, but no remote of that name exists (known: ${table
          .names()
          .join(", ")}). Add a remote block with that name.`,
        ["default_remote"],
      );
    }
    if (settings.generateClientCertificates ?? isTrue(env.INCUS_GENERATE_CLIENT_CERTS)) {
      try {
        loadClientIdentity(table.configDir, generateClientCertificate);
      } catch (err) {
        ctx.diagnostics.error("Cannot generate client certificates", `In ${table.configDir}: ${errorMessage(err)}`, [
          "generate_client_certificates",
        ]);
      }
    }
    const remotes = new Remotes(table, settings.waitTimeoutMs);
    const accept = settings.acceptRemoteCertificate ?? isTrue(env.INCUS_ACCEPT_SERVER_CERTIFICATE);
    for (const setup of await table.establishTrust({ accept, signal: ctx.signal, timeoutMs: TRUST_TIMEOUT_MS })) {
      if (setup.client) remotes.clients.set(setup.remote, setup.client);
      const pinned = setup.pinned;
      if (!pinned) continue;
      ctx.log.info("pinned the server certificate of remote", {
        remote: setup.remote,
        fingerprint: pinned.fingerprint,
      });
      if (pinned.onFirstUse) {
        // Trust on first use is a security decision: say so every time it happens, never silently.
        ctx.diagnostics.warning(
          `Trusted the certificate of remote ${JSON.stringify(setup.remote)} on first use`,
          `accept_remote_certificate is set, so the certificate presented by ${pinned.origin} (SHA-256 fingerprint ` +
            `${pinned.fingerprint}) was accepted without verification and pinned in ${pinned.file}. ` +
            "Check the fingerprint against the server (`incus info` on it shows it); later runs verify against the pin.",
        );
      }
    }
    return remotes;
  }

  client(remote?: string | null): IncusClient {
    const name = this.remoteName(remote);
    let client = this.clients.get(name);
    if (!client) {
      client = new IncusClient({ remote: this.table.connection(name) });
      this.clients.set(name, client);
    }
    return client;
  }

  remoteName(remote?: string | null): string {
    return this.table.nameOf(remote);
  }

  remoteNames(): readonly string[] {
    return this.table.names();
  }

  remoteInfo(remote?: string | null): RemoteInfo {
    return this.table.info(remote);
  }

  /** Closes every client that was created. */
  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close().catch(() => undefined)));
    this.clients.clear();
  }
}
