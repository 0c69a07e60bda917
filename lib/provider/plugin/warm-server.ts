// A warm provider process: Terraform starts a provider 3-5 times per command, and starting node and loading the
// provider costs ~100 ms each time. The launcher lines at the top of a bundled provider (launcher.sh) start this
// process in the background once (`<provider> --serve <dir>`) and hand it every later start made with the same
// working directory, environment and executable, as long as it is warm.
//
// Each Terraform start is one session, isolated as a provider process would be: its own handlers (configuration,
// StopProvider), its logs written to that launcher's own stderr, its end (Shutdown, or the connection lost) ends
// the launcher, which Terraform sees as the plugin process exiting. A session is authenticated by the client
// certificate its launcher registered in <dir>/sessions/<launcher pid>.
//
// The hand-over is confirmed: the process takes a registered session by writing its own handshake line and the
// registration's nonce to sessions/<launcher pid>.ok (created with link(2), so of two processes in one directory
// only one takes it), and the launcher prints that line, never one it merely read, nor one left behind for an
// earlier launcher of the same pid (the nonce differs). A process that died (killed: its `line` and socket stay
// behind), has retired or does not answer takes nothing, and the launcher runs node directly instead.
//
// <dir> (made by the launcher, mode 0700, owned by the user) holds: sock.<pid> (each process's own unix socket, so
// no process ever removes or replaces another's), line ("<pid> <handshake line>", how launchers find a live
// server) and sessions/. The process retires after its idle time without sessions (IDLE_MS, or
// CDKTF_VIRT_PROVIDER_IDLE_SECONDS): it removes `line` first (if it is its
// own), so no new launcher picks it, takes what was registered meanwhile (and stays), or stops taking sessions and
// exits, removing its files, and the directory when nothing else is left in it.
import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  watch,
  writeFileSync,
  writeSync,
} from "node:fs";
import type { FSWatcher } from "node:fs";
import type * as http2 from "node:http2";
import { join } from "node:path";
import { generateSelfSignedCert } from "./cert";
import { pemCertificatesDer } from "./client-pin";
import { startGrpcServer } from "./grpc-server";
import type { CallInfo, GrpcServer } from "./grpc-server";
import { handshakeLine } from "./handshake";
import { isAlive } from "./process-alive";
import { createLogger, levelFromEnv } from "./logger";
import type { PluginLogger } from "./logger";
import { buildRoutes } from "./routes";
import type { CallTarget } from "./routes";
import type { ProviderHandlers } from "./wire-types";

/** How long a warm process waits for another Terraform start before it exits, by default. */
export const IDLE_MS = 2000;
/** The variable that sets another idle time, in seconds (e.g. to keep the process between a plan and an apply). */
export const IDLE_SECONDS_ENV = "CDKTF_VIRT_PROVIDER_IDLE_SECONDS";
/** The longest idle time the variable may ask for: an idle node process per working directory costs memory. */
export const MAX_IDLE_SECONDS = 3600;

const JANITOR_MS = 500;
/** Between removing `line` and exiting: a launcher that read it just before registers within this time. */
const RETIRE_GRACE_MS = 100;

/**
 * The idle time `env` asks for: CDKTF_VIRT_PROVIDER_IDLE_SECONDS when it is a number of seconds from 0.5 to
 * MAX_IDLE_SECONDS, else IDLE_MS with a `problem` to log (every session of the process warns in Terraform's log).
 */
export function idleFromEnv(env: NodeJS.ProcessEnv): { readonly ms: number; readonly problem?: string } {
  const text = env[IDLE_SECONDS_ENV]?.trim();
  if (text === undefined || text === "") return { ms: IDLE_MS };
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (seconds >= 0.5 && seconds <= MAX_IDLE_SECONDS) return { ms: Math.round(seconds * 1000) };
  return {
    ms: IDLE_MS,
    problem: `${IDLE_SECONDS_ENV}=${JSON.stringify(text)} is not a number of seconds from 0.5 to ${MAX_IDLE_SECONDS}: the warm provider process uses ${IDLE_MS / 1000} s`,
  };
}

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
  /** The encoded GetProviderSchema answer made at bundle time (see RunPluginOptions.schemaResponse). */
  readonly schemaResponse?: Uint8Array;
}

export function runWarmServer(
  createHandlers: (host: { log: PluginLogger }) => ProviderHandlers,
  dir: string,
  opts: WarmServerOptions,
): void {
  const level = levelFromEnv(opts.env);
  const idle = idleFromEnv(opts.env);
  const sessionsDir = join(dir, "sessions");
  const socketPath = join(dir, `sock.${process.pid}`);
  const lineFile = join(dir, "line");
  const sessions = new Map<http2.ServerHttp2Session, Session>();
  /** Sessions this process has taken and Terraform has not connected to yet: launcher pid → its registration. */
  const taken = new Map<number, Registration>();
  /** The launcher that started this process (launcher.sh), while it waits for the line. */
  const starterPid = process.ppid;
  const cert = generateSelfSignedCert();
  const line = handshakeLine("unix", socketPath, cert.certDer).trim();
  let server: GrpcServer | undefined;
  let watcher: FSWatcher | undefined;
  let idleSince = Date.now();
  let retiring = false;
  /** Set once this process has decided to exit: it takes no session any more. */
  let closing = false;
  let providerLoaded = false;
  /** Loads the provider code (the modules stay loaded): sessions then only build their handlers. */
  const loadProvider = () => {
    if (providerLoaded || closing || retiring) return; // a retiring process loads it only for a session taken meanwhile
    providerLoaded = true;
    try {
      createHandlers({ log: createLogger({ level: "off", module: opts.name }) });
    } catch {
      // reported by the first session that needs it
    }
  };
  // The launcher's key names the executable's path, not its content (that would cost a `stat` per start): a bundle
  // rebuilt or replaced in place is noticed here. The process then takes no more sessions and is not published
  // again; launchers that registered with it run node directly, the next one starts a warm process of the new code.
  const executable = process.argv[1];
  const loadedIdentity = executable ? fileIdentity(executable) : undefined;
  let stale = false;
  const isStale = (): boolean => {
    if (!stale && loadedIdentity !== undefined && fileIdentity(executable!) !== loadedIdentity) {
      stale = true;
      unpublish();
    }
    return stale;
  };

  // This process's stdio is /dev/null: what goes wrong outside a call is told to every open session.
  const tellSessions = (message: string, err: unknown) => {
    for (const s of sessions.values())
      s.log.error(message, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  };
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => retire(true));
  process.on("unhandledRejection", (err) => tellSessions("unhandled promise rejection", err));
  process.on("uncaughtException", (err) => tellSessions("uncaught exception", err));

  const linePid = (): number | undefined => {
    try {
      return Number(readFileSync(lineFile, "utf8").split(" ")[0]) || undefined;
    } catch {
      return undefined;
    }
  };
  /** Publishes this process's line, unless another live process's line is there (then it serves its sessions only). */
  const publish = (): boolean => {
    const owner = linePid();
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) return false;
    writeFileSync(`${lineFile}.${process.pid}`, `${process.pid} ${line}\n`);
    renameSync(`${lineFile}.${process.pid}`, lineFile);
    return true;
  };
  const unpublish = () => {
    if (linePid() === process.pid) rmSync(lineFile, { force: true });
  };

  const sessionFile = (launcherPid: number) => join(sessionsDir, String(launcherPid));
  const forgetSession = (launcherPid: number) => {
    rmSync(sessionFile(launcherPid), { force: true });
    rmSync(`${sessionFile(launcherPid)}.ok`, { force: true });
  };
  const connected = (launcherPid: number) => [...sessions.values()].some((s) => s.launcherPid === launcherPid);

  /** Takes every registered session nobody has taken yet: writes this process's line to <session>.ok. */
  const take = () => {
    if (closing || !server || isStale()) return;
    for (const entry of listSessions(sessionsDir)) {
      const launcherPid = Number(entry);
      const file = sessionFile(launcherPid);
      if (connected(launcherPid) || existsSync(`${file}.ok`)) continue;
      let registration: Registration | undefined;
      try {
        registration = parseRegistration(readFileSync(file, "utf8"));
      } catch {
        continue; // its launcher gave up meanwhile
      }
      // Incomplete: the launcher is still writing (the next change event brings it back here).
      if (!registration || !isAlive(launcherPid)) continue;
      // Taken already, unless by an earlier launcher of this pid (then this is another registration).
      if (taken.get(launcherPid)?.nonce === registration.nonce) continue;
      const mine = `${file}.ok.${process.pid}`;
      try {
        // The nonce tells the launcher this answer is for its own registration.
        writeFileSync(mine, `${line}\n${registration.nonce}\n`);
        linkSync(mine, `${file}.ok`); // fails when another process took it first
        taken.set(launcherPid, registration);
        idleSince = Date.now();
        process.kill(launcherPid, "SIGURG"); // ends the launcher's wait at once (see launcher.sh)
      } catch {
        // taken by another warm process of this directory, or the launcher gave up
      } finally {
        rmSync(mine, { force: true });
      }
    }
  };
  let takeScheduled = false;
  const scheduleTake = () => {
    if (takeScheduled) return;
    takeScheduled = true;
    setImmediate(() => {
      takeScheduled = false;
      take();
    });
  };

  /** The session taken for the launcher that registered this client certificate, opened on first sight of the connection. */
  const openSession = (peerDer: Buffer | undefined, h2session: http2.ServerHttp2Session): boolean => {
    if (!peerDer) return false;
    for (const [launcherPid, { certs }] of taken) {
      if (!certs.some((der) => der.equals(peerDer))) continue;
      taken.delete(launcherPid);
      const logFd = openLauncherStderr(launcherPid);
      const log = createLogger({
        level,
        module: opts.name,
        write: (text) => logFd !== undefined && writeQuietly(logFd, text),
      });
      const session: Session = { launcherPid, logFd, ended: false, log };
      sessions.set(h2session, session);
      h2session.once("close", () => {
        const lost = !session.ended;
        endSession(session, h2session, "Terraform closed the connection");
        // Terraform ends every provider it started with Shutdown: a connection lost without it means Terraform
        // was killed (or crashed). No start is coming from it, so the process does not stay warm for it.
        if (lost && sessions.size === 0 && taken.size === 0) retire();
      });
      log.debug("session opened in a warm provider process", { pid: process.pid });
      if (idle.problem) log.warn(idle.problem);
      return true;
    }
    return false;
  };

  /** Ends a session; its launcher is told with SIGTERM unless it is known to be gone (its pid may be another's). */
  const endSession = (session: Session, h2session: http2.ServerHttp2Session, why: string, launcherGone = false) => {
    if (session.ended) return;
    session.ended = true;
    sessions.delete(h2session);
    session.log.debug(`session ended: ${why}`);
    // Work still in flight for a Terraform that is gone stops, as it would with the process it believed it had.
    session.handlers?.StopProvider?.({}).catch(() => undefined);
    if (session.logFd !== undefined) closeQuietly(session.logFd);
    forgetSession(session.launcherPid);
    try {
      if (!launcherGone) process.kill(session.launcherPid, "SIGTERM"); // it exits 0: Terraform sees its plugin end
    } catch {
      // already gone
    }
    if (sessions.size === 0) idleSince = Date.now();
    // A first session that only asked for the (prebuilt) schema loaded nothing: the provider loads now, while
    // Terraform goes on to its next start of this provider, not while that start waits for its first answer.
    if (!providerLoaded) setImmediate(loadProvider);
  };

  const target = (call: CallInfo): CallTarget => {
    const session = sessions.get(call.session);
    if (!session) throw new Error("call on a connection without a session");
    session.handlers ??= createHandlers({ log: session.log });
    providerLoaded = true;
    return { handlers: session.handlers, log: session.log };
  };
  const shutdown = (call: CallInfo) => {
    const session = sessions.get(call.session);
    // After the Shutdown answer has gone out.
    if (session) setImmediate(() => endSession(session, call.session, "shutdown requested by Terraform"));
  };

  const retire = (now = false) => {
    if (closing || (retiring && !now)) return;
    retiring = true;
    unpublish();
    // A launcher that read `line` just before it went registers within the grace period, and is taken.
    setTimeout(
      () => {
        if (closing) return;
        retiring = false;
        if (!now) take();
        if (!now && (sessions.size > 0 || taken.size > 0)) {
          idleSince = Date.now();
          if (!stale) publish();
          return;
        }
        closing = true;
        watcher?.close();
        for (const [h2session, session] of sessions)
          endSession(session, h2session, "the warm provider process was stopped");
        for (const launcherPid of taken.keys()) forgetSession(launcherPid);
        server?.close();
        removeLeftovers(dir, socketPath);
        process.exit(0);
      },
      now ? 0 : RETIRE_GRACE_MS,
    );
  };

  setInterval(() => {
    // Connected sessions whose launcher is gone: it exits when its session ends or its Terraform is gone (it watches
    // its parent), so nobody calls on that connection any more. The connection's close usually says so first, but
    // not always: node's HTTP/2 session can miss the end of a connection whose client was killed (1 to 4 kills in
    // 100 at random moments: the socket stays open with its peer gone), and would keep it, and this process, forever.
    let launcherDied = false;
    for (const [h2session, session] of sessions) {
      if (isAlive(session.launcherPid)) continue;
      endSession(session, h2session, "its launcher is gone (Terraform was killed, or killed the plugin)", true);
      h2session.destroy();
      launcherDied = true;
    }
    // Taken sessions whose launcher gave up waiting (its files are gone) or died before Terraform connected.
    for (const launcherPid of taken.keys()) {
      const died = !isAlive(launcherPid);
      if (died || !existsSync(sessionFile(launcherPid))) {
        taken.delete(launcherPid);
        forgetSession(launcherPid);
        launcherDied ||= died;
      }
    }
    // A launcher dies before its session ends only when Terraform is gone (killed) or killed it: as with a connection
    // lost without Shutdown, no start is coming from it, so the process does not stay warm for it.
    if (launcherDied && sessions.size === 0 && taken.size === 0) return retire();
    // Registered sessions whose launcher is gone (Terraform killed before it connected).
    for (const entry of listSessions(sessionsDir)) {
      const launcherPid = Number(entry);
      if (!isAlive(launcherPid) && !connected(launcherPid)) forgetSession(launcherPid);
    }
    take(); // in case a change event was missed
    if (sessions.size > 0 || taken.size > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= idle.ms) retire();
  }, JANITOR_MS);

  // A socket of that name belongs to a dead process that had this pid.
  rmSync(socketPath, { force: true });
  startGrpcServer({
    socketPath,
    tls: { keyPem: cert.keyPem, certPem: cert.certPem, acceptPeer: openSession },
    routes: buildRoutes(target, shutdown, opts.schemaResponse),
    log: createLogger({ level: "off", module: opts.name }),
  })
    .then((s) => {
      server = s;
      if (!publish()) {
        // Another warm process serves this directory.
        closing = true;
        s.close();
        rmSync(socketPath, { force: true });
        process.exit(0);
      }
      try {
        watcher = watch(sessionsDir, scheduleTake);
        watcher.on("error", () => undefined); // the janitor still looks every JANITOR_MS
      } catch {
        // no sessions directory (removed meanwhile): launchers then start node directly
      }
      take();
      // The launcher that started this process waits for the line (launcher.sh): SIGURG ends its wait at once.
      // Only while it is still the parent: a launcher that gave up is gone, and its pid is not its any more.
      if (process.ppid === starterPid && starterPid > 1) {
        try {
          process.kill(starterPid, "SIGURG");
        } catch {
          // gone meanwhile
        }
      }
      // Without a prebuilt schema the first session's first answer needs the provider: it loads now, while the
      // launcher registers. With one, after the first session (see endSession): loading now would hold up taking
      // and answering it.
      if (!opts.schemaResponse) setImmediate(loadProvider);
    })
    .catch(() => process.exit(1));
}

/** What a launcher registers in sessions/<its pid>: a nonce of its own, then Terraform's client certificate(s). */
interface Registration {
  readonly nonce: string;
  readonly certs: Buffer[];
}

/** The registration, or undefined while it is incomplete (its launcher writes it in more than one piece). */
function parseRegistration(text: string): Registration | undefined {
  const nonce = /^nonce (\S+)\n/.exec(text)?.[1];
  const certs = pemCertificatesDer(text);
  return nonce && certs.length > 0 ? { nonce, certs } : undefined;
}

/**
 * What an exiting warm process leaves: its own socket is removed, and so are the line, sockets and registered
 * sessions of processes that are dead; the directory goes when nothing else is left in it (another warm process
 * or a launcher may be using it).
 */
function removeLeftovers(dir: string, ownSocket: string): void {
  rmSync(ownSocket, { force: true });
  for (const entry of readdirQuietly(dir)) {
    const owner = /^(?:sock|line)\.(\d+)$/.exec(entry);
    if (owner && !isAlive(Number(owner[1]))) rmSync(join(dir, entry), { force: true });
  }
  try {
    const pid = Number(readFileSync(join(dir, "line"), "utf8").split(" ")[0]);
    if (!isAlive(pid)) rmSync(join(dir, "line"), { force: true });
  } catch {
    // no line
  }
  const sessionsDir = join(dir, "sessions");
  for (const entry of readdirQuietly(sessionsDir)) {
    const launcher = /^(\d+)(?:\.ok)?$/.exec(entry);
    if (launcher && !isAlive(Number(launcher[1]))) rmSync(join(sessionsDir, entry), { force: true });
  }
  // Another warm process's socket or line: the directory stays as it is (its watch is on sessions/).
  if (readdirQuietly(dir).some((entry) => entry !== "sessions")) return;
  try {
    rmdirSync(sessionsDir);
    rmdirSync(dir);
  } catch {
    // a launcher registered meanwhile
  }
}

function readdirQuietly(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function listSessions(sessionsDir: string): string[] {
  try {
    return readdirSync(sessionsDir).filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
}

/** What changes when a file is rebuilt or replaced at the same path ("gone" when it is not there). */
function fileIdentity(file: string): string {
  try {
    const s = statSync(file);
    return `${s.dev} ${s.ino} ${s.size} ${s.mtimeMs}`;
  } catch {
    return "gone";
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
