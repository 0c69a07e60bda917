// The provider's remotes: `remote` blocks, the INCUS_* environment remote, the CLI's config.yml and the
// built-in `local` socket, merged the way the official provider merges them. Clients are created lazily,
// one per remote, so a configuration may name remotes that do not exist yet as long as nothing uses them.
import { IncusClient, certificateFingerprint, systemTrustAnchors } from "../../incus";
import type { Diagnostics, Logger } from "../framework";
import { errorMessage } from "./common";
import type { IncusProviderData, RemoteInfo } from "./provider-data";
import type { ParsedAddress } from "./remote-address";
import { parseAddress, splitAddresses } from "./remote-address";
import { configDirPaths, loadConfigFile, readOptionalFile, resolveConfigDir } from "./remote-config";
import type { ConfiguredToken } from "./remote-trust";
import { configuredToken, fetchServerCertificate, loadClientIdentity, saveServerCertificate, tokenContent, trustWithToken } from "./remote-trust";

/** A `remote { ... }` block (or the environment remote) as given; null = unset, undefined = unknown yet. */
export interface RemoteSettings {
  readonly name: string;
  readonly address?: string | null;
  readonly protocol?: string | null;
  readonly authenticationType?: string | null;
  readonly token?: string | null;
  readonly public?: boolean | null;
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

interface RemoteEntry {
  readonly name: string;
  readonly addresses: readonly string[];
  readonly protocol: string;
  readonly token?: ConfiguredToken;
  readonly public: boolean;
  /** Set when the remote cannot be used; thrown by client(). */
  problem?: string;
  /** A server certificate obtained during configure (also saved to servercerts/). */
  pinnedCert?: string;
}

const PREPARE_TIMEOUT_MS = 15_000;

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

export class Remotes implements IncusProviderData {
  private readonly clients = new Map<string, IncusClient>();

  private constructor(
    private readonly entries: Map<string, RemoteEntry>,
    readonly defaultRemote: string,
    readonly waitTimeoutMs: number,
    private readonly configDir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Builds the remote table and does the network work trust needs (token, accepting a certificate). */
  static async configure(settings: ProviderSettings, ctx: { signal: AbortSignal; diagnostics: Diagnostics; log: Logger }): Promise<Remotes> {
    const env = settings.env ?? process.env;
    const configDir = resolveConfigDir(settings.configDir, env);
    const file = loadConfigFile(configDir);
    const entries = new Map<string, RemoteEntry>();
    entries.set("local", { name: "local", addresses: ["unix://"], protocol: "incus", public: false });
    for (const [name, r] of Object.entries(file.remotes)) {
      entries.set(name, { name, addresses: splitAddresses(r.addr), protocol: r.protocol || "incus", public: Boolean(r.public) });
    }
    const prepare: RemoteEntry[] = [];
    const add = (s: RemoteSettings): RemoteEntry => {
      const fromFile = entries.get(s.name);
      let addresses = splitAddresses(s.address);
      const token = s.token ? configuredToken(s.token) : undefined;
      // A malformed token is reported when it is used.
      if (!addresses.length && token && !(token.decoded instanceof Error)) {
        addresses = token.decoded.addresses.map((a) => `https://${a}`);
      }
      if (!addresses.length && fromFile) addresses = [...fromFile.addresses];
      const entry: RemoteEntry = {
        name: s.name,
        addresses,
        protocol: s.protocol || fromFile?.protocol || "incus",
        token,
        public: s.public ?? fromFile?.public ?? false,
      };
      if (s.unknown) entry.problem = `The settings of remote ${JSON.stringify(s.name)} are not known until apply.`;
      else if (!addresses.length) {
        entry.problem = `Remote ${JSON.stringify(s.name)} has no address: set address in its remote block, or add it with \`incus remote add\` to ${configDir}/config.yml.`;
      }
      entries.set(s.name, entry);
      prepare.push(entry);
      return entry;
    };

    let defaultRemote = file.defaultRemote && entries.has(file.defaultRemote) ? file.defaultRemote : "local";
    if (env.INCUS_REMOTE) {
      add({ name: env.INCUS_REMOTE, address: env.INCUS_ADDR, protocol: env.INCUS_PROTOCOL, authenticationType: env.INCUS_AUTHENTICATION_TYPE, token: env.INCUS_TOKEN });
      defaultRemote = env.INCUS_REMOTE;
    }
    const seen = new Set<string>();
    settings.remotes.forEach((s, i) => {
      if (seen.has(s.name)) ctx.diagnostics.error("Duplicate remote", `Remote ${JSON.stringify(s.name)} is defined twice; give each remote block a unique name.`, ["remote", s.blockIndex ?? i, "name"]);
      seen.add(s.name);
      add(s);
    });
    if (settings.defaultRemote) {
      if (!entries.has(settings.defaultRemote)) {
        ctx.diagnostics.error(
          "Unknown default remote",
          `default_remote is ${JSON.stringify(settings.defaultRemote)}, but no remote of that name exists (known: ${[...entries.keys()].sort().join(", ")}). Add a remote block with that name.`,
          ["default_remote"],
        );
      } else defaultRemote = settings.defaultRemote;
    }

    const accept = settings.acceptRemoteCertificate ?? isTrue(env.INCUS_ACCEPT_SERVER_CERTIFICATE);
    const generate = settings.generateClientCertificates ?? isTrue(env.INCUS_GENERATE_CLIENT_CERTS);
    if (generate) {
      try {
        loadClientIdentity(configDir, true);
      } catch (err) {
        ctx.diagnostics.error("Cannot generate client certificates", `In ${configDir}: ${errorMessage(err)}`, ["generate_client_certificates"]);
      }
    }
    const remotes = new Remotes(entries, defaultRemote, settings.waitTimeoutMs, configDir, env);
    await Promise.all(prepare.map((e) => remotes.prepare(e, accept, ctx)));
    return remotes;
  }

  client(remote?: string | null): IncusClient {
    const name = this.remoteName(remote);
    const cached = this.clients.get(name);
    if (cached) return cached;
    const entry = this.entry(name);
    if (entry.protocol !== "incus") {
      throw new Error(`Remote ${JSON.stringify(name)} is a ${entry.protocol} image server; it can only be used as an image source (e.g. image = "${name}:<alias>").`);
    }
    const client = this.buildClient(entry, parseAddress(entry.addresses[0], this.env));
    this.clients.set(name, client);
    return client;
  }

  remoteName(remote?: string | null): string {
    return remote ? remote : this.defaultRemote;
  }

  remoteNames(): readonly string[] {
    return [...this.entries.keys()].sort();
  }

  remoteInfo(remote?: string | null): RemoteInfo {
    const entry = this.entry(this.remoteName(remote));
    const address = entry.protocol === "incus" ? parseAddress(entry.addresses[0], this.env).normalized : entry.addresses[0];
    return { name: entry.name, address, protocol: entry.protocol, public: entry.public };
  }

  /** Closes every client that was created. */
  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close().catch(() => undefined)));
    this.clients.clear();
  }

  private entry(name: string): RemoteEntry {
    const entry = this.entries.get(name);
    if (!entry) {
      throw new Error(`Unknown remote ${JSON.stringify(name)}: add a remote block with that name to the provider (known remotes: ${this.remoteNames().join(", ")}).`);
    }
    if (entry.problem) throw new Error(entry.problem);
    return entry;
  }

  private buildClient(entry: RemoteEntry, address: ParsedAddress): IncusClient {
    if (address.kind === "unix") return new IncusClient({ remote: { kind: "unix", socketPath: address.socketPath } });
    const paths = configDirPaths(this.configDir);
    const id = loadClientIdentity(this.configDir, false);
    if (!id) {
      throw new Error(
        `Remote ${JSON.stringify(entry.name)} (${address.origin}) needs a client certificate, but ${paths.clientCert} / ${paths.clientKey} do not exist. ` +
          "Set generate_client_certificates = true in the provider, or run `incus remote add` once.",
      );
    }
    const pinned = entry.pinnedCert ?? readOptionalFile(paths.serverCert(entry.name));
    return new IncusClient({
      remote: {
        kind: "https",
        url: address.origin,
        clientCert: id.cert,
        clientKey: id.key,
        // Without a pin, only a CA-signed server certificate can be verified.
        ...(pinned ? { serverCert: pinned } : { ca: systemTrustAnchors(this.env) }),
      },
    });
  }

  /** Pins the server certificate and redeems the token of an HTTPS remote, recording any failure on the entry. */
  private async prepare(entry: RemoteEntry, accept: boolean, ctx: { signal: AbortSignal; log: Logger; diagnostics: Diagnostics }): Promise<void> {
    if (entry.problem || entry.protocol !== "incus") return;
    let address: ParsedAddress;
    try {
      address = parseAddress(entry.addresses[0], this.env);
    } catch (err) {
      entry.problem = `Remote ${JSON.stringify(entry.name)}: ${errorMessage(err)}`;
      return;
    }
    if (address.kind !== "https") return;
    const paths = configDirPaths(this.configDir);
    try {
      if (!readOptionalFile(paths.serverCert(entry.name)) && (accept || entry.token)) {
        const pem = await fetchServerCertificate(address.origin, PREPARE_TIMEOUT_MS);
        const fingerprint = certificateFingerprint(pem);
        const expected = entry.token ? tokenContent(entry.token).fingerprint : undefined;
        if (!accept && !(expected && expected === fingerprint)) {
          throw new Error(
            `its certificate (fingerprint ${fingerprint}) is not pinned in ${paths.serverCert(entry.name)} and does not match the trust token. ` +
              "Set accept_remote_certificate = true to accept it, or pin it with `incus remote add`.",
          );
        }
        saveServerCertificate(this.configDir, entry.name, pem);
        entry.pinnedCert = pem;
        ctx.log.info("pinned the server certificate of remote", { remote: entry.name, fingerprint });
        if (!(expected && expected === fingerprint)) {
          // Trust on first use is a security decision: say so every time it happens, never silently.
          ctx.diagnostics.warning(
            `Trusted the certificate of remote ${JSON.stringify(entry.name)} on first use`,
            `accept_remote_certificate is set, so the certificate presented by ${address.origin} (SHA-256 fingerprint ` +
              `${fingerprint}) was accepted without verification and pinned in ${paths.serverCert(entry.name)}. ` +
              "Check the fingerprint against the server (`incus info` on it shows it); later runs verify against the pin.",
          );
        }
      }
      if (entry.token) {
        const client = this.buildClient(entry, address);
        this.clients.set(entry.name, client);
        await trustWithToken(client, entry.token, ctx.signal);
      }
    } catch (err) {
      this.clients.delete(entry.name);
      entry.problem = `Cannot set up remote ${JSON.stringify(entry.name)} (${address.origin}): ${errorMessage(err)}`;
    }
  }
}
