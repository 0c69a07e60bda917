// A warm provider process: Terraform starts a provider 3-5 times per command, and starting node and loading the
// provider costs ~100 ms each time. The launcher lines at the top of a bundled provider (launcher.sh) start this
// process in the background once (`<provider> --serve <dir>`) and hand it every later start made with the same
// working directory, environment and executable, as long as it is warm.
//
// Each Terraform start is one session, isolated as a provider process would be: its own handlers (configuration,
// StopProvider), its logs written to that launcher's own stderr, its end (Shutdown, or the connection lost) ends
// the launcher, which Terraform sees as the plugin process exiting. A session is authenticated by the client
// certificate its launcher registered in <dir>/sessions/<launcher pid> before printing the handshake line.
//
// <dir> (made by the launcher, mode 0700, owned by the user) holds: sock (this server's unix socket), line
// ("<pid> <handshake line>", how launchers find a live server) and sessions/. The process retires after IDLE_MS
// without sessions: it removes `line` first, so no new launcher picks it, then looks once more for a session
// registered meanwhile, and removes the directory.
import { closeSync, existsSync, openSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import type * as http2 from "node:http2";
import { connect } from "node:net";
import { join } from "node:path";
import { generateSelfSignedCert } from "./cert";
import { pemCertificatesDer } from "./client-pin";
import { startGrpcServer } from "./grpc-server";
import type { CallInfo, GrpcServer } from "./grpc-server";
import { handshakeLine } from "./handshake";
import { createLogger, levelFromEnv } from "./logger";
import type { PluginLogger } from "./logger";
import { buildRoutes } from "./routes";
import type { CallTarget } from "./routes";
import type { ProviderHandlers } from "./wire-types";

/** How long a warm process waits for another Terraform start before it exits. */
export const IDLE_MS = 2000;
const JANITOR_MS = 500;

interface Session {
  readonly launcherPid: number;
  readonly logFd: number | undefined;
  readonly log: PluginLogger;
  /** Built on the session's first call (the provider code is already loaded). */
  handlers?: ProviderHandlers;
  ended: boolean;
}

export interface WarmServerOptions {
  readonly name: string;
  readonly env: NodeJS.ProcessEnv;
}

export function runWarmServer(
  createHandlers: (host: { log: PluginLogger }) => ProviderHandlers,
  dir: string,
  opts: WarmServerOptions,
): void {
  const level = levelFromEnv(opts.env);
  const sessionsDir = join(dir, "sessions");
  const socketPath = join(dir, "sock");
  const lineFile = join(dir, "line");
  const sessions = new Map<http2.ServerHttp2Session, Session>();
  const cert = generateSelfSignedCert();
  const line = handshakeLine("unix", socketPath, cert.certDer).trim();
  let server: GrpcServer | undefined;
  let idleSince = Date.now();

  // This process's stdio is /dev/null: what goes wrong outside a call is told to every open session.
  const tellSessions = (message: string, err: unknown) => {
    for (const s of sessions.values()) s.log.error(message, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  };
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => retire(true));
  process.on("unhandledRejection", (err) => tellSessions("unhandled promise rejection", err));
  process.on("uncaughtException", (err) => tellSessions("uncaught exception", err));

  const publish = () => {
    writeFileSync(`${lineFile}.${process.pid}`, `${process.pid} ${line}\n`);
    renameSync(`${lineFile}.${process.pid}`, lineFile);
  };

  /** The session whose launcher registered this client certificate, opened on first sight of the connection. */
  const openSession = (peerDer: Buffer | undefined, h2session: http2.ServerHttp2Session): boolean => {
    if (!peerDer) return false;
    for (const entry of listSessions(sessionsDir)) {
      let pem: string;
      try {
        pem = readFileSync(join(sessionsDir, entry), "utf8");
      } catch {
        continue;
      }
      if (!pemCertificatesDer(pem).some((der) => der.equals(peerDer))) continue;
      const launcherPid = Number(entry);
      const logFd = openLauncherStderr(launcherPid);
      const log = createLogger({ level, module: opts.name, write: (text) => logFd !== undefined && writeQuietly(logFd, text) });
      const session: Session = { launcherPid, logFd, ended: false, log };
      sessions.set(h2session, session);
      h2session.once("close", () => endSession(session, h2session, "Terraform closed the connection"));
      log.debug("session opened in a warm provider process", { pid: process.pid });
      return true;
    }
    return false;
  };

  const endSession = (session: Session, h2session: http2.ServerHttp2Session, why: string) => {
    if (session.ended) return;
    session.ended = true;
    sessions.delete(h2session);
    session.log.debug(`session ended: ${why}`);
    // Work still in flight for a Terraform that is gone stops, as it would with the process it believed it had.
    session.handlers?.StopProvider?.({}).catch(() => undefined);
    if (session.logFd !== undefined) closeQuietly(session.logFd);
    rmSync(join(sessionsDir, String(session.launcherPid)), { force: true });
    try {
      process.kill(session.launcherPid, "SIGTERM"); // the launcher exits 0: Terraform sees its plugin end
    } catch {
      // already gone
    }
    if (sessions.size === 0) idleSince = Date.now();
  };

  const target = (call: CallInfo): CallTarget => {
    const session = sessions.get(call.session);
    if (!session) throw new Error("call on a connection without a session");
    session.handlers ??= createHandlers({ log: session.log });
    return { handlers: session.handlers, log: session.log };
  };
  const shutdown = (call: CallInfo) => {
    const session = sessions.get(call.session);
    // After the Shutdown answer has gone out.
    if (session) setImmediate(() => endSession(session, call.session, "shutdown requested by Terraform"));
  };

  let retiring = false;
  const retire = (now = false) => {
    if (retiring) return;
    retiring = true;
    rmSync(lineFile, { force: true });
    // A launcher that read `line` just before it went registers within this grace period.
    setTimeout(
      () => {
        if (!now && (sessions.size > 0 || listSessions(sessionsDir).length > 0)) {
          retiring = false;
          idleSince = Date.now();
          publish();
          return;
        }
        server?.close();
        // A launcher that created the directory again meanwhile finds no server and starts node directly.
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      },
      now ? 0 : 100,
    );
  };

  // Registered sessions whose launcher is gone (Terraform killed before it connected) are dropped.
  setInterval(() => {
    for (const entry of listSessions(sessionsDir)) {
      const pid = Number(entry);
      if (!isAlive(pid) && ![...sessions.values()].some((s) => s.launcherPid === pid)) {
        rmSync(join(sessionsDir, entry), { force: true });
      }
    }
    if (sessions.size > 0 || listSessions(sessionsDir).length > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= IDLE_MS) retire();
  }, JANITOR_MS);

  claimSocket(socketPath).then((free) => {
    if (!free) process.exit(0); // another warm process serves this key
    return startGrpcServer({
      socketPath,
      tls: { keyPem: cert.keyPem, certPem: cert.certPem, acceptPeer: openSession },
      routes: buildRoutes(target, shutdown),
      log: createLogger({ level: "off", module: opts.name }),
    }).then((s) => {
      server = s;
      publish();
      // Load the provider code now: sessions then only build their handlers.
      setImmediate(() => {
        try {
          createHandlers({ log: createLogger({ level: "off", module: opts.name }) });
        } catch {
          // reported by the first session that needs it
        }
      });
    });
  }).catch(() => process.exit(1));
}

function listSessions(sessionsDir: string): string[] {
  try {
    return readdirSync(sessionsDir).filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The launcher's stderr is Terraform's pipe for this plugin (Go's os/exec makes real pipes): the session's logs
 * go there, opened through Linux's /proc.
 */
function openLauncherStderr(pid: number): number | undefined {
  try {
    return openSync(`/proc/${pid}/fd/2`, "a");
  } catch {
    return undefined; // not a pipe (e.g. a socket pair): the session's logs are dropped
  }
}

function writeQuietly(fd: number, text: string): void {
  try {
    writeSync(fd, text);
  } catch {
    // Terraform stopped reading: the log line is lost, as it would be for a provider process
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}

/** True when the socket path is free to listen on (a stale socket of a dead process is removed). */
function claimSocket(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(false);
    });
    probe.once("error", () => {
      try {
        unlinkSync(socketPath);
      } catch {
        // removed by another starting process
      }
      resolve(true);
    });
  });
}
