// The plugin process: checks it was started by Terraform, serves tfplugin6 plus go-plugin's controller, stdio
// and broker services on a unix socket with mTLS, prints the handshake line, and exits on Shutdown.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { bundledSchemaResponse } from "./bundled-schema";
import { generateSelfSignedCert } from "./cert";
import { isPinned, pemCertificatesDer } from "./client-pin";
import { startGrpcServer } from "./grpc-server";
import type { GrpcServer } from "./grpc-server";
import { checkPluginEnv, handshakeLine } from "./handshake";
import { createLogger, levelFromEnv } from "./logger";
import type { PluginLogger } from "./logger";
import { buildRoutes } from "./routes";
import { runWarmServer } from "./warm-server";
import type { ProviderHandlers } from "./wire-types";

export interface PluginHost {
  readonly log: PluginLogger;
}

export interface RunPluginOptions {
  /** Name shown in messages and logs; defaults to the executable's file name. */
  readonly name?: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The encoded GetProviderSchema answer, served without loading the provider.
   * @default the one made when the provider was bundled (bundled-schema.ts); none outside a bundle
   */
  readonly schemaResponse?: Uint8Array;
}

/**
 * Runs the plugin. No provider code is loaded before the handshake line. With a prebuilt schema answer,
 * `createHandlers` is called on the first RPC that needs the provider (a start that only asks for the schema never
 * calls it); without one, right after the handshake line is out, so the provider loads while Terraform connects.
 */
export function runPlugin(createHandlers: (host: PluginHost) => ProviderHandlers, opts: RunPluginOptions = {}): void {
  const env = opts.env ?? process.env;
  const name = opts.name ?? basename(process.argv[1] ?? "terraform-provider").replace(/\.js$/, "");
  const problem = checkPluginEnv(env, name);
  if (problem) {
    process.stderr.write(problem.message + "\n");
    process.exit(1);
  }
  const schema = opts.schemaResponse ?? bundledSchemaResponse();
  if (process.argv[2] === "--serve" && process.argv[3]) {
    runWarmServer(createHandlers, process.argv[3], { name, env, schemaResponse: schema });
    return;
  }
  const log = createLogger({ level: levelFromEnv(env), module: name });
  guardStdout(log);
  process.on("SIGINT", () => log.debug("SIGINT ignored: Terraform stops providers with StopProvider"));
  process.on("unhandledRejection", (err) => log.error("unhandled promise rejection", { error: describe(err) }));
  process.on("uncaughtException", (err) => log.error("uncaught exception", { error: describe(err) }));

  const socketDir = mkdtempSync(join(tmpdir(), "cdktf-virt-plugin-"));
  const cleanup = () => rmSync(socketDir, { recursive: true, force: true });
  process.on("exit", cleanup);
  process.on("SIGTERM", () => process.exit(0));

  let handlers: ProviderHandlers | undefined;
  const getHandlers = () => (handlers ??= createHandlers({ log }));
  let server: GrpcServer | undefined;
  let shuttingDown = false;
  const shutdown = () => {
    log.debug("shutdown requested by Terraform");
    // Terraform closes its connection right after the answer: the process ends then (onIdle), or at the latest
    // after this grace period, which lets the Shutdown answer go out first.
    shuttingDown = true;
    setTimeout(() => {
      server?.close();
      process.exit(0);
    }, 100).unref();
  };
  const exitOrphaned = (why: string) => {
    log.debug(`${why}; exiting`);
    process.exit(0);
  };
  // A killed Terraform never calls Shutdown: do not linger as an orphan.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && exitOrphaned("Terraform is gone"), 1000).unref();
  // Nobody reads the handshake line: Terraform was killed before this process started (a launcher that fell back to
  // running node after the kill), so the parent above was never Terraform.
  process.stdout.on("error", () => exitOrphaned("Terraform is gone (nobody reads the handshake line)"));
  const clientCert = env.PLUGIN_CLIENT_CERT;
  const cert = clientCert ? generateSelfSignedCert() : undefined;
  const pinned = clientCert ? pemCertificatesDer(clientCert) : [];
  const socketPath = join(socketDir, "plugin.sock");
  startGrpcServer({
    socketPath,
    tls: cert ? { keyPem: cert.keyPem, certPem: cert.certPem, acceptPeer: (der) => isPinned(der, pinned) } : undefined,
    routes: buildRoutes(() => ({ handlers: getHandlers(), log }), shutdown, schema),
    log,
    // Terraform keeps its one connection until it has called Shutdown; losing it means Terraform is gone.
    onIdle: () =>
      shuttingDown
        ? process.exit(0)
        : setTimeout(() => {
            if (server && server.sessionCount() === 0) exitOrphaned("Terraform closed the connection");
          }, 200),
  }).then(
    (s) => {
      server = s;
      process.stdout.write(handshakeLine("unix", socketPath, cert?.certDer));
      log.debug("plugin serving", { socket: socketPath, tls: Boolean(cert) });
      // Load the provider while Terraform reads the line and dials: the first RPC then finds it ready. Not when the
      // schema is prebuilt: the first RPC may be the only one, GetProviderSchema (and loading would delay it).
      if (!schema)
        setImmediate(() => {
          try {
            getHandlers();
          } catch (err) {
            log.error("loading the provider failed", { error: describe(err) });
          }
        });
    },
    (err: unknown) => {
      process.stderr.write(`${name}: cannot listen on ${socketPath}: ${describe(err)}\n`);
      process.exit(1);
    },
  );
}

/** Only the handshake line may reach stdout: send console output to stderr instead. */
function guardStdout(log: PluginLogger): void {
  const toLog = (...args: unknown[]) => log.info(args.map((a) => (typeof a === "string" ? a : describe(a))).join(" "));
  console.log = toLog;
  console.info = toLog;
  console.debug = (...args: unknown[]) => log.debug(args.map(String).join(" "));
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.stack ?? err.message;
  try {
    return typeof err === "string" ? err : JSON.stringify(err);
  } catch {
    return String(err);
  }
}
