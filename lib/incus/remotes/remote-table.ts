// Named remotes, merged the way the incus CLI and the official Terraform provider merge them: the built-in
// `local` socket, the remotes of config.yml, then the remotes the caller defines (which win). A remote becomes an
// IncusRemote (the socket, or HTTPS with this client's certificate and the pinned server certificate) only when it
// is used, so a table may name remotes that cannot be reached, or lack certificates, as long as nothing uses them.
import { remoteNameProblem } from "../../remote-names";
import { checkTimeoutMs } from "../cancel";
import { IncusClient } from "../client";
import { IncusError } from "../errors";
import { parseAddress, splitAddresses } from "./address";
import type { ParsedAddress } from "./address";
import { configDirPaths, readClientConfig, resolveConfigDir } from "./client-config";
import {
  certificateFingerprint,
  fetchServerCertificate,
  loadClientIdentity,
  readPinnedCertificate,
  savePinnedCertificate,
} from "./credentials";
import type { IncusRemote } from "./remote";
import { systemTrustAnchors } from "../../system-trust";
import type { ConfiguredToken } from "./trust-token";
import { checkTokenFingerprint, configuredToken, redeemTrustToken, serverCertificateTrust } from "./trust-token";

/** A remote the caller defines; unset fields come from config.yml's remote of the same name. */
export interface RemoteDefinition {
  readonly name: string;
  /** An address or a comma-separated list (the first is used). @default the token's addresses, else config.yml's */
  readonly address?: string | null;
  /** incus, simplestreams or oci. @default config.yml's, else incus */
  readonly protocol?: string | null;
  /** One-time trust token from `incus config trust add`, redeemed by establishTrust. */
  readonly token?: string | null;
  /** The remote needs no authentication. @default config.yml's, else false */
  readonly public?: boolean | null;
  /** OCI registries: the credentials helper executable. @default config.yml's */
  readonly credentialsHelper?: string | null;
  /** Why the remote cannot be used (e.g. its settings are not known yet); thrown when it is used. */
  readonly unusable?: string;
}

/** What to tell the user to do, in the words of the caller's configuration. Each has a CLI-based default. */
export interface RemoteHints {
  /** For a name that is not defined anywhere. */
  readonly defineRemote?: string;
  /** For a defined remote without an address. */
  readonly setAddress?: string;
  /** For an HTTPS remote used without client.crt / client.key. */
  readonly createClientCertificate?: string;
  /** For a server certificate that is neither pinned nor vouched for by a token. */
  readonly acceptServerCertificate?: string;
}

export interface RemoteTableOptions {
  /** The incus client configuration directory. @default $INCUS_CONF, else ~/.config/incus */
  readonly configDir?: string | null;
  /** Remotes besides `local` and config.yml's; a later one of the same name replaces an earlier one. */
  readonly remotes?: readonly RemoteDefinition[];
  /** The remote used when none is named, if it exists. @default config.yml's default-remote if it exists, else local */
  readonly defaultRemote?: string | null;
  readonly env?: NodeJS.ProcessEnv;
  readonly hints?: RemoteHints;
}

/** A remote as others may need to know it (no credentials). */
export interface RemoteInfo {
  readonly name: string;
  /** First address, normalised: `unix:///path/to/socket` or `https://host:port` (image servers: as given). */
  readonly address: string;
  /** `incus` (an Incus server), `simplestreams` or `oci` (image servers only). */
  readonly protocol: string;
  readonly public: boolean;
  /** OCI registries: the credentials helper executable configured for the remote, if any. */
  readonly credentialsHelper?: string;
}

/** What establishTrust did for one remote. */
export interface TrustSetup {
  readonly remote: string;
  /** Set when the server certificate was pinned just now. */
  readonly pinned?: {
    readonly origin: string;
    readonly fingerprint: string;
    readonly file: string;
    /** Accepted without verification (accept was set and no token vouched for it): a security decision to report. */
    readonly onFirstUse: boolean;
  };
  /** The client that redeemed a token (the server trusts it now); the caller owns it. */
  readonly client?: IncusClient;
}

interface Entry {
  readonly name: string;
  readonly addresses: readonly string[];
  readonly protocol: string;
  readonly public: boolean;
  readonly credentialsHelper?: string;
  readonly token?: ConfiguredToken;
  /** Defined by the caller (only those are set up by establishTrust). */
  readonly defined: boolean;
  /** Set when the remote cannot be used; thrown when it is. */
  problem?: string;
  /** A server certificate pinned by establishTrust. */
  pinnedCert?: string;
}

export class RemoteTable {
  /** The remote used when none is named. */
  readonly defaultRemote: string;

  private constructor(
    private readonly entries: Map<string, Entry>,
    defaultRemote: string,
    /** The configuration directory the table was read from. */
    readonly configDir: string,
    /** Why config.yml could not be used, if it could not (its remotes are then missing). */
    readonly configProblem: string | undefined,
    private readonly env: NodeJS.ProcessEnv,
    private readonly hints: RemoteHints,
  ) {
    this.defaultRemote = defaultRemote;
  }

  /** Reads config.yml and merges the given remotes. Never throws: unusable remotes fail when used. */
  static load(options: RemoteTableOptions = {}): RemoteTable {
    const env = options.env ?? process.env;
    const configDir = resolveConfigDir(options.configDir, env);
    const file = readClientConfig(configDir);
    const entries = new Map<string, Entry>();
    const put = (e: Entry) => entries.set(e.name, e);
    put({ name: "local", addresses: ["unix://"], protocol: "incus", public: false, defined: false });
    for (const [name, r] of Object.entries(file.remotes)) {
      put({
        name,
        addresses: splitAddresses(r.addr),
        protocol: r.protocol || "incus",
        public: r.public,
        credentialsHelper: r.credentialsHelper,
        defined: false,
        problem: nameProblem(name, file.file),
      });
    }
    for (const d of options.remotes ?? []) {
      const fromFile = entries.get(d.name);
      const token = d.token ? configuredToken(d.token) : undefined;
      let addresses = splitAddresses(d.address);
      // A malformed token is reported when it is used.
      if (!addresses.length && token && !(token.decoded instanceof Error))
        addresses = token.decoded.addresses.map((a) => `https://${a}`);
      if (!addresses.length && fromFile) addresses = [...fromFile.addresses];
      const problem =
        nameProblem(d.name) ??
        d.unusable ??
        (addresses.length
          ? undefined
          : `Remote ${JSON.stringify(d.name)} has no address: ${
              options.hints?.setAddress ?? "give it one"
            }, or add it with \`incus remote add\` to ${file.file}.`);
      put({
        name: d.name,
        addresses,
        protocol: d.protocol || fromFile?.protocol || "incus",
        token,
        public: d.public ?? fromFile?.public ?? false,
        credentialsHelper: d.credentialsHelper || fromFile?.credentialsHelper,
        defined: true,
        problem,
      });
    }
    const wanted = [options.defaultRemote, file.defaultRemote].find((n) => n && entries.has(n));
    return new RemoteTable(entries, wanted ?? "local", configDir, file.problem, env, options.hints ?? {});
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Every remote's name, sorted. */
  names(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** The remote's name as it should be recorded: the given one, else the default. */
  nameOf(remote?: string | null): string {
    return remote ? remote : this.defaultRemote;
  }

  /** Where a remote points; throws IncusError INVALID_OPTIONS when it is unknown or unusable. */
  info(remote?: string | null): RemoteInfo {
    const entry = this.entry(this.nameOf(remote));
    const address = entry.protocol === "incus" ? this.parse(entry).normalized : entry.addresses[0];
    return {
      name: entry.name,
      address,
      protocol: entry.protocol,
      public: entry.public,
      ...(entry.credentialsHelper ? { credentialsHelper: entry.credentialsHelper } : {}),
    };
  }

  /**
   * How to connect to an Incus server remote: its socket, or HTTPS with the client certificate of the
   * configuration directory and the pinned server certificate (without a pin, a CA-signed one is verified against
   * the system's trust anchors). Throws IncusError INVALID_OPTIONS naming what is missing and how to fix it.
   */
  connection(remote?: string | null): IncusRemote {
    const entry = this.entry(this.nameOf(remote));
    if (entry.protocol !== "incus") {
      throw invalid(
        `Remote ${JSON.stringify(entry.name)} is a ${
          entry.protocol
        } image server; it can only be used as an image source (e.g. "${entry.name}:<alias>").`,
      );
    }
    const address = this.parse(entry);
    if (address.kind === "unix") return { kind: "unix", socketPath: address.socketPath };
    const paths = configDirPaths(this.configDir);
    const id = loadClientIdentity(this.configDir);
    if (!id) {
      throw invalid(
        `Remote ${JSON.stringify(entry.name)} (${address.origin}) needs a client certificate, but ${
          paths.clientCert
        } / ${paths.clientKey} do not exist. ` +
          (this.hints.createClientCertificate ?? "Run `incus remote add` once to create them."),
      );
    }
    const pinned = entry.pinnedCert ?? readPinnedCertificate(this.configDir, entry.name);
    // Without a pin, only a CA-signed server certificate can be verified.
    return {
      kind: "https",
      url: address.origin,
      clientCert: id.cert,
      clientKey: id.key,
      ...(pinned ? { serverCert: pinned } : { ca: systemTrustAnchors(this.env) }),
    };
  }

  /**
   * What `incus remote add` does, for each HTTPS remote the caller defined: pins the server certificate when none
   * is pinned and either a token vouches for its fingerprint or `accept` is set (which counts only for remotes whose
   * token names no fingerprint: a certificate that contradicts the token is refused, like the CLI refuses it), then
   * redeems the token. A failure is recorded on the remote and thrown when it is used.
   */
  async establishTrust(options: {
    readonly accept: boolean;
    readonly signal?: AbortSignal;
    readonly timeoutMs?: number;
  }): Promise<TrustSetup[]> {
    const timeoutMs = checkTimeoutMs("establishTrust option timeoutMs", options.timeoutMs ?? 15_000);
    const defined = [...this.entries.values()].filter((e) => e.defined && !e.problem && e.protocol === "incus");
    const setups = await Promise.all(defined.map((e) => this.setUp(e, options.accept, options.signal, timeoutMs)));
    return setups.filter((s) => s !== undefined);
  }

  private async setUp(
    entry: Entry,
    accept: boolean,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<TrustSetup | undefined> {
    let address: ParsedAddress;
    try {
      address = this.parse(entry);
    } catch (err) {
      entry.problem = `Remote ${JSON.stringify(entry.name)}: ${(err as Error).message}`;
      return undefined;
    }
    if (address.kind !== "https") return undefined;
    let pinned: TrustSetup["pinned"];
    let client: IncusClient | undefined;
    try {
      const pinFile = configDirPaths(this.configDir).serverCert(entry.name);
      const existingPin = readPinnedCertificate(this.configDir, entry.name);
      if (existingPin) {
        // The token goes only to the server it names, even when an earlier run pinned another one.
        if (entry.token)
          checkTokenFingerprint(
            entry.token,
            certificateFingerprint(existingPin),
            `the certificate pinned in ${pinFile} has`,
          );
      } else if (accept || entry.token) {
        const pem = await fetchServerCertificate(address.origin, timeoutMs);
        const fingerprint = certificateFingerprint(pem);
        const how = serverCertificateTrust(entry.token, fingerprint, accept, `${address.origin} presented`);
        if (how === "unvouched") {
          throw invalid(
            `its certificate (fingerprint ${fingerprint}) is not pinned in ${pinFile} and the trust token does not name a fingerprint. ` +
              (this.hints.acceptServerCertificate ?? "Pin it with `incus remote add`."),
          );
        }
        const file = savePinnedCertificate(this.configDir, entry.name, pem);
        entry.pinnedCert = pem;
        pinned = { origin: address.origin, fingerprint, file, onFirstUse: how === "accepted" };
      }
      if (entry.token) {
        client = new IncusClient({ remote: this.connection(entry.name) });
        await redeemTrustToken(client, entry.token, signal);
      }
      return { remote: entry.name, pinned, client };
    } catch (err) {
      await client?.close().catch(() => undefined);
      entry.problem = `Cannot set up remote ${JSON.stringify(entry.name)} (${address.origin}): ${
        (err as Error).message
      }`;
      return pinned ? { remote: entry.name, pinned } : undefined;
    }
  }

  private parse(entry: Entry): ParsedAddress {
    return parseAddress(entry.addresses[0], this.env);
  }

  private entry(name: string): Entry {
    const entry = this.entries.get(name);
    if (!entry) {
      throw invalid(
        `Unknown remote ${JSON.stringify(name)}: ${
          this.hints.defineRemote ?? "add it with `incus remote add`"
        } (known remotes: ${this.names().join(", ")}).`,
      );
    }
    if (entry.problem) throw invalid(entry.problem);
    return entry;
  }
}

/** A remote's name becomes a file name (servercerts/<name>.crt): one that could leave that directory is unusable. */
function nameProblem(name: string, where?: string): string | undefined {
  const problem = remoteNameProblem(name);
  return problem && `Remote ${JSON.stringify(name)}${where ? ` in ${where}` : ""} cannot be used: ${problem}.`;
}

function invalid(message: string): IncusError {
  return new IncusError("INVALID_OPTIONS", message);
}
