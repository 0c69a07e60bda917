// The other Incus hosts scripts/setup-incus-hosts.sh starts: host "b" and a three-member cluster, each in its own
// network namespace and reached only over HTTPS with the tests' client identity (client.crt/key, pinned server
// certificates and config.yml in one configuration directory, as `incus remote add` leaves them). A missing host is
// a failure with the command that starts it, never a skip.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IncusClient, isNotFound } from "../../lib/incus";

export interface HostsFile {
  /** The client configuration directory (client.crt, client.key, servercerts/, config.yml). */
  readonly configDir: string;
  readonly pool: string;
  readonly image: string;
  readonly hosts: {
    readonly b: { readonly address: string; readonly stateDir: string };
    /** Host u, set up as the official provider's acceptance tests expect (configDir: its client configuration). */
    readonly u?: { readonly address: string; readonly stateDir: string; readonly configDir: string };
  };
  readonly cluster: {
    /** The remote name config.yml gives the cluster (its pinned certificate is servercerts/<remote>.crt). */
    readonly remote: string;
    readonly addresses: readonly string[];
    readonly members: Readonly<Record<string, { readonly address: string; readonly stateDir: string }>>;
    /**
     * The client configuration of the official acceptance tests that need a cluster: the default remote is the
     * cluster, "images" is host b.
     */
    readonly upstreamConfigDir?: string;
  };
  /** The setup script (start/stop a daemon by name). */
  readonly script: string;
}

export const HOSTS_FILE = join(process.env.CDKTF_VIRT_HOSTS_DIR ?? "/var/lib/cdktf-virt/hosts", "hosts.json");
const SETUP_HINT = "run `bash scripts/setup-incus-hosts.sh` (as root; scripts/setup.sh calls it)";

/** What setup-incus-hosts.sh wrote; throws with the command to run when it never ran. */
export function hostsFile(): HostsFile {
  if (!existsSync(HOSTS_FILE))
    throw new Error(`${HOSTS_FILE} is missing: the second Incus host and the cluster are not set up; ${SETUP_HINT}.`);
  return JSON.parse(readFileSync(HOSTS_FILE, "utf8")) as HostsFile;
}

/** An HTTPS client for `address`, with the tests' client certificate and the pinned certificate of `remote`. */
export function httpsClient(address: string, remote: string): IncusClient {
  const { configDir } = hostsFile();
  return new IncusClient({
    remote: {
      kind: "https",
      url: address,
      clientCert: readFileSync(join(configDir, "client.crt")),
      clientKey: readFileSync(join(configDir, "client.key")),
      serverCert: readFileSync(join(configDir, "servercerts", `${remote}.crt`)),
    },
    requestTimeoutMs: 30_000,
  });
}

/** Fails with a clear message unless the host answers over HTTPS, trusts us and has the test pool and image. */
export async function requireHttpsHost(client: IncusClient, what: string): Promise<void> {
  const { pool, image } = hostsFile();
  let auth: string;
  try {
    auth = (await client.server.get({ timeoutMs: 10_000 })).value.auth;
  } catch (err) {
    throw new Error(`${what} is not reachable at ${client.endpoint}: ${(err as Error).message}\n${SETUP_HINT}.`);
  }
  if (auth !== "trusted")
    throw new Error(
      `${what} at ${client.endpoint} does not trust the tests' client certificate (auth: ${auth}); ${SETUP_HINT}.`,
    );
  if (!(await client.storagePools.find(pool))) throw new Error(`${what} has no storage pool "${pool}"; ${SETUP_HINT}.`);
  try {
    await client.images.getAlias(image);
  } catch (err) {
    if (isNotFound(err)) throw new Error(`${what} has no image alias "${image}"; ${SETUP_HINT}.`);
    throw err;
  }
}

/** Stops or starts one daemon (b, member1..3) through the setup script, which only touches daemons it started. */
export function hostDaemon(action: "stop" | "start", name: string): void {
  execFileSync("bash", [hostsFile().script, action, name], { stdio: ["ignore", "ignore", "pipe"], timeout: 120_000 });
}

/** The environment of the incus command-line client with the tests' configuration directory (remotes b, cluster). */
export function hostsCliEnv(): NodeJS.ProcessEnv {
  return { ...process.env, INCUS_CONF: hostsFile().configDir };
}

/** The incus command-line client with the tests' configuration directory (remotes b and cluster), e.g. for tokens. */
export function incusCli(args: readonly string[]): string {
  try {
    return execFileSync("incus", args, {
      encoding: "utf8",
      env: hostsCliEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (err) {
    throw new Error(
      `incus ${args.join(" ")} failed: ${String((err as { stderr?: unknown }).stderr ?? (err as Error).message)}`,
    );
  }
}
