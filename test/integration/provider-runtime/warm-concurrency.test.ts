// Drill: the hand-over of provider starts to warm processes (lib/provider/plugin/launcher.sh, warm-server.ts) on a
// busy machine. For DRILL_MS (30 s; CDKTF_VIRT_DRILL_MS=180000 for a longer run), at once:
// - terraform applies in a loop in two workspaces, one per copy of the testfs provider bundle (a second copy with
//   other bytes stands for a second checkout of another version, side by side);
// - terraform plans, two at a time, in one workspace per copy (the same working directory and environment, so
//   those starts meet in one warm process directory);
// - Terraform-like starts of both copies made directly (test/support/plugin-client), which compare the certificate
//   served on the handed-over socket with the one in the handshake line, then call GetMetadata and Shutdown;
// - a killer that picks a random warm process at random times and SIGKILLs it when it serves no session (stopped
//   first, so it cannot take one meanwhile; a process killed while it serves one breaks that session, as killing a
//   provider does, which is not a start).
// Every handshake must match its socket and every start must work: zero failed runs, zero failed starts.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as http2 from "node:http2";
import * as tls from "node:tls";
import { bundledProviderPath, mirrorExecutablePath } from "../../../lib/packaging";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../../lib/provider/plugin";
import { cleanupPluginClients, generateSelfSignedCert, grpcCall, startProvider } from "../../support/plugin-client";
import { requiredProviders, TerraformWorkspace } from "../../support/terraform";

const DRILL_MS = Number(process.env.CDKTF_VIRT_DRILL_MS ?? 30_000);
jest.setTimeout(DRILL_MS + 240_000);

const uid = process.getuid!();
let tmp = "";
const workspaces: TerraformWorkspace[] = [];

/** The second copy of a bundle: same code, other bytes (another checkout's build would differ the same way). */
function secondCopy(file: string): void {
  writeFileSync(file, `${readFileSync(file, "utf8")}\n// second checkout\n`);
  chmodSync(file, 0o755);
}

function mainTf(ws: TerraformWorkspace): string {
  return `${requiredProviders(["testfs"])}
variable "rev" {
  type    = string
  default = "0"
}
provider "testfs" {
  root = ${JSON.stringify(ws.dir)}
}
resource "testfs_file" "a" {
  path    = "a.txt"
  content = "a-\${var.rev}"
}
resource "testfs_file" "b" {
  path    = "b.txt"
  content = "b-\${var.rev}"
}
data "testfs_file_info" "a" {
  path = testfs_file.a.path
}
`;
}

async function workspace(name: string, copy: 1 | 2): Promise<TerraformWorkspace> {
  const ws = TerraformWorkspace.create({
    providers: ["testfs"],
    prefix: `t-runtime-warm-${name}`,
    env: { TMPDIR: tmp },
  });
  workspaces.push(ws);
  if (copy === 2) secondCopy(mirrorExecutablePath(join(ws.root, "mirror"), "testfs"));
  ws.write("main.tf", mainTf(ws));
  await ws.init();
  await ws.apply();
  return ws;
}

/** Warm processes of this drill with a published line: pid → its directory. */
function warmProcesses(): Map<number, string> {
  const base = join(tmp, `cdktf-virt-providers-${uid}`);
  const found = new Map<number, string>();
  for (const key of existsSync(base) ? readdirSync(base) : []) {
    try {
      found.set(Number(readFileSync(join(base, key, "line"), "utf8").split(" ")[0]), join(base, key));
    } catch {
      // no line
    }
  }
  return found;
}

/** Whether the process serves or has taken a session: a sessions/<launcher>.ok holds its socket. */
function servesSession(pid: number, dir: string): boolean {
  const sessions = join(dir, "sessions");
  for (const entry of existsSync(sessions) ? readdirSync(sessions) : []) {
    if (!entry.endsWith(".ok")) continue;
    try {
      if (readFileSync(join(sessions, entry), "utf8").includes(`/sock.${pid}|`)) return true;
    } catch {
      // ended meanwhile
    }
  }
  return false;
}

interface Tally {
  runs: number;
  failures: string[];
}

async function terraformLane(
  ws: TerraformWorkspace,
  args: (i: number) => string[],
  okCodes: number[],
  deadline: number,
  tally: Tally,
): Promise<void> {
  for (let i = 1; Date.now() < deadline; i++) {
    const r = await ws.run(args(i), { timeoutMs: 180_000 });
    tally.runs++;
    if (!okCodes.includes(r.code ?? -1))
      tally.failures.push(`terraform ${args(i).join(" ")} in ${ws.dir} exited ${r.code}:\n${r.output}`);
  }
}

/** One Terraform-like start: the served certificate must be the handshake line's, and GetMetadata must answer. */
async function pluginStart(bundle: string, cwd: string, tally: Tally): Promise<void> {
  const client = generateSelfSignedCert();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    TMPDIR: tmp,
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_CLIENT_CERT: client.certPem,
  };
  tally.runs++;
  let session: http2.ClientHttp2Session | undefined;
  try {
    const p = await startProvider(env, { command: [bundle, []], cwd });
    const lineDer = Buffer.from(p.line.split("|")[5] ?? "", "base64");
    let served: Buffer | undefined;
    session = http2.connect("https://localhost", {
      createConnection: () => {
        const socket = tls.connect({
          path: p.socket,
          rejectUnauthorized: false,
          ALPNProtocols: ["h2"],
          cert: client.certPem,
          key: client.keyPem,
        });
        socket.once("secureConnect", () => (served = socket.getPeerCertificate().raw));
        return socket;
      },
    });
    const meta = await grpcCall(session, "/tfplugin6.Provider/GetMetadata");
    if (!served || !served.equals(lineDer))
      tally.failures.push(
        `start of ${bundle}: the socket ${p.socket} served another certificate than the handshake line's`,
      );
    if (meta.status !== "0")
      tally.failures.push(`start of ${bundle}: GetMetadata answered status ${meta.status} ${meta.message ?? ""}`);
    await grpcCall(session, "/plugin.GRPCController/Shutdown");
    await Promise.race([p.exit, new Promise((r) => setTimeout(r, 5000))]);
  } catch (err) {
    tally.failures.push(`start of ${bundle}: ${(err as Error).message}`);
  } finally {
    session?.destroy();
  }
}

afterAll(async () => {
  cleanupPluginClients();
  for (const pid of warmProcesses().keys()) {
    try {
      process.kill(pid, "SIGCONT");
      process.kill(pid, "SIGTERM");
    } catch {
      // gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const ws of workspaces) ws.cleanup();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test("concurrent terraform runs and starts of two bundle copies, warm processes killed at random: every handshake matches its socket", async () => {
  // realpath: the launcher keys warm processes by `pwd`, and /tmp may be a symlink.
  tmp = realpathSync(mkdtempSync(join(tmpdir(), "t-warm-drill-")));
  const [apply1, apply2, plan1, plan2] = await Promise.all([
    workspace("apply1", 1),
    workspace("apply2", 2),
    workspace("plan1", 1),
    workspace("plan2", 2),
  ]);
  const bundles = join(tmp, "bundles");
  mkdirSync(join(bundles, "v1"), { recursive: true });
  mkdirSync(join(bundles, "v2"));
  const v1 = join(bundles, "v1", "terraform-provider-testfs.js");
  const v2 = join(bundles, "v2", "terraform-provider-testfs.js");
  copyFileSync(bundledProviderPath("testfs"), v1);
  chmodSync(v1, 0o755);
  copyFileSync(bundledProviderPath("testfs"), v2);
  secondCopy(v2);

  const terraform: Tally = { runs: 0, failures: [] };
  const starts: Tally = { runs: 0, failures: [] };
  const deadline = Date.now() + DRILL_MS;
  let kills = 0;
  const killer = (async () => {
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 600));
      const candidates = [...warmProcesses()];
      if (candidates.length === 0) continue;
      const [pid, dir] = candidates[Math.floor(Math.random() * candidates.length)];
      try {
        process.kill(pid, "SIGSTOP");
        if (servesSession(pid, dir)) {
          process.kill(pid, "SIGCONT");
          continue;
        }
        process.kill(pid, "SIGKILL");
        kills++;
      } catch {
        // gone already
      }
    }
  })();
  const planArgs = () => ["plan", "-input=false", "-detailed-exitcode", "-lock=false"];
  const startLane = async (bundle: string, cwd: string) => {
    while (Date.now() < deadline) await pluginStart(bundle, cwd, starts);
  };
  await Promise.all([
    killer,
    terraformLane(apply1, (i) => ["apply", "-auto-approve", "-input=false", `-var=rev=${i}`], [0], deadline, terraform),
    terraformLane(apply2, (i) => ["apply", "-auto-approve", "-input=false", `-var=rev=${i}`], [0], deadline, terraform),
    ...[plan1, plan1, plan2, plan2].map((ws) => terraformLane(ws, planArgs, [0], deadline, terraform)),
    startLane(v1, bundles),
    startLane(v1, bundles),
    startLane(v2, bundles),
    startLane(v2, bundles),
  ]);
  // The figures go to the test output (and docs/reliability.md quotes a run).
  process.stdout.write(
    `warm drill: ${terraform.runs} terraform runs, ${starts.runs} direct starts, ${kills} warm processes killed\n`,
  );
  expect(terraform.failures).toEqual([]);
  expect(starts.failures).toEqual([]);
  expect(terraform.runs).toBeGreaterThan(0);
  expect(kills).toBeGreaterThan(0);
});
