// Plays Terraform's side of the plugin protocol in tests: starts the bundled test provider (with node, or as
// Terraform does, the executable file itself), reads its handshake line, connects over mTLS with node:http2 and
// makes unary gRPC calls. Everything started is tracked so that `cleanupPluginClients` can end it.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import * as http2 from "node:http2";
import { join } from "node:path";
import * as tls from "node:tls";
import {
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  frameMessage,
  generateSelfSignedCert,
  readSingleMessage,
  toPem,
} from "../../lib/provider/plugin";
import type { SelfSignedCert } from "../../lib/provider/plugin";
import { bundledProviderPath } from "../../lib/packaging";

export interface StartedPlugin {
  child: ChildProcess;
  line: string;
  socket: string;
  serverPem: string;
  exit: Promise<number | null>;
  stderr: () => string;
}

export interface StartOptions {
  /** Run the file itself (its launcher lines first), as Terraform does, instead of `node <file>`. */
  asExecutable?: boolean;
  cwd?: string;
  /** Command and arguments to run instead (e.g. a parent shell around the provider). */
  command?: [string, string[]];
}

const children: ChildProcess[] = [];
const sessions: http2.ClientHttp2Session[] = [];

/** Ends every connection and process the helpers started (call it in afterEach). */
export function cleanupPluginClients(): void {
  sessions.splice(0).forEach((s) => s.destroy());
  children.splice(0).forEach((c) => c.exitCode === null && c.signalCode === null && c.kill("SIGKILL"));
}

/**
 * The environment Terraform gives a provider it starts (PATH, the magic cookie, protocol 6, its client certificate),
 * with `tmpdir` as TMPDIR (the warm process's and the code cache's directories) and `more` on top.
 */
export function terraformStartEnv(
  clientCertPem: string,
  tmpdir: string,
  more: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    TMPDIR: tmpdir,
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_CLIENT_CERT: clientCertPem,
    ...more,
  };
}

export function startProvider(env: NodeJS.ProcessEnv, opts: StartOptions = {}): Promise<StartedPlugin> {
  const bundle = bundledProviderPath("testfs");
  const [command, args] = opts.command ?? (opts.asExecutable ? [bundle, []] : [process.execPath, [bundle]]);
  const child = spawn(command, args, { env, cwd: opts.cwd, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      const line = out.slice(0, out.indexOf("\n"));
      const f = line.split("|");
      const serverPem = f[5] ? toPem("CERTIFICATE", Buffer.from(f[5], "base64")) : "";
      resolve({ child, line, socket: f[3], serverPem, exit, stderr: () => stderr });
    });
    exit.then((code) => reject(new Error(`provider exited (${code}) before the handshake: ${stderr}`)));
  });
}

/** An mTLS connection to the provider, presenting `as` (or no certificate at all with null). */
export function connectPlugin(p: StartedPlugin, as: SelfSignedCert | null): http2.ClientHttp2Session {
  const session = http2.connect("https://localhost", {
    createConnection: () =>
      tls.connect({
        path: p.socket,
        servername: "localhost",
        ca: p.serverPem,
        ALPNProtocols: ["h2"],
        ...(as ? { cert: as.certPem, key: as.keyPem } : {}),
      }),
  });
  sessions.push(session);
  return session;
}

export interface GrpcAnswer {
  status: string;
  message?: string;
  data: Buffer;
}

export function grpcCall(
  session: http2.ClientHttp2Session,
  path: string,
  body: Uint8Array = new Uint8Array(0),
): Promise<GrpcAnswer> {
  return new Promise((resolve, reject) => {
    const req = session.request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc",
      te: "trailers",
    });
    const chunks: Buffer[] = [];
    let headers: http2.IncomingHttpHeaders = {};
    req.on("response", (h) => (headers = h));
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("trailers", (t) => (headers = { ...headers, ...t }));
    req.on("error", reject);
    req.on("end", () => {
      const data = Buffer.concat(chunks);
      resolve({
        status: String(headers["grpc-status"]),
        message: headers["grpc-message"] as string | undefined,
        data: data.length ? Buffer.from(readSingleMessage(data) as Uint8Array) : data,
      });
    });
    req.end(frameMessage(body));
  });
}

/** Calls GetMetadata and tells whether any answer came back (false when the connection was refused). */
export function answers(session: http2.ClientHttp2Session): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    session.on("error", () => resolve(false));
    session.on("close", () => resolve(false));
    const req = session.request({
      ":method": "POST",
      ":path": "/tfplugin6.Provider/GetMetadata",
      "content-type": "application/grpc",
    });
    req.on("error", () => resolve(false));
    req.on("close", () => resolve(false));
    req.on("response", () => resolve(true));
    req.end(frameMessage(new Uint8Array(0)));
  });
}

/** The warm process directories of launchers that ran with `tmpdir` as TMPDIR (`<tmpdir>/cdktf-virt-providers-<uid>/<key>`). */
export function warmProcessDirs(tmpdir: string): string[] {
  const base = join(tmpdir, `cdktf-virt-providers-${process.getuid!()}`);
  return existsSync(base) ? readdirSync(base).map((key) => join(base, key)) : [];
}

/** pids of the warm processes under `tmpdir` that have a published line. */
export function publishedWarmPids(tmpdir: string): number[] {
  return warmProcessDirs(tmpdir).flatMap((dir) => {
    try {
      return [Number(readFileSync(join(dir, "line"), "utf8").split(" ")[0])];
    } catch {
      return []; // no line (retired, or not published yet)
    }
  });
}

export { generateSelfSignedCert };
