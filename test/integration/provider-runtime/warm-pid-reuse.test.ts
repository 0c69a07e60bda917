// A launcher's session files are named by its pid, and pids come round again (pid_max is 32768 on many machines,
// and a busy machine makes thousands of short processes a minute). A launcher killed with SIGKILL (as go-plugin
// kills a plugin that does not exit) leaves sessions/<pid>.ok behind, holding the handshake line a warm process
// wrote for it. A later launcher that gets the same pid must not take that answer for its own: it would print a
// line for a session nobody took, and Terraform's first call would fail. Built here on purpose: `sh -c '… ; exec
// <provider>'` writes the leftover and then becomes the launcher, keeping its pid.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import * as http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tls from "node:tls";
import { bundledProviderPath } from "../../../lib/packaging";
import {
  cleanupPluginClients,
  connectPlugin,
  generateSelfSignedCert,
  grpcCall,
  publishedWarmPids,
  startProvider,
  terraformStartEnv,
  warmProcessDirs,
} from "../../support/plugin-client";
import type { StartedPlugin } from "../../support/plugin-client";
import { ensureBundledProviders } from "../../support/terraform";

jest.setTimeout(60_000);

let work: string;

beforeAll(() => {
  ensureBundledProviders(["testfs"]);
  work = realpathSync(mkdtempSync(join(tmpdir(), "t-warm-pid-")));
});
afterAll(() => {
  cleanupPluginClients();
  for (const pid of warmPids()) process.kill(pid, "SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

const keyDirs = () => warmProcessDirs(work);
const warmPids = () => publishedWarmPids(work);

/** The certificate served on the line's socket (a TLS handshake that verifies nothing). */
function servedCertificate(
  p: StartedPlugin,
  as: ReturnType<typeof generateSelfSignedCert>,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      path: p.socket,
      rejectUnauthorized: false,
      ALPNProtocols: ["h2"],
      cert: as.certPem,
      key: as.keyPem,
    });
    socket.once("secureConnect", () => {
      resolve(socket.getPeerCertificate().raw);
      socket.destroy();
    });
    socket.once("error", () => resolve(undefined));
  });
}

test("a leftover answer for a launcher of the same pid is not taken for this launcher's", async () => {
  // Both starts go through sh (same environment, so the same warm process directory); the values are in the script.
  const bundle = bundledProviderPath("testfs");
  const through = (before: string): [string, string[]] => ["/bin/sh", ["-c", `${before}exec '${bundle}'`]];
  // A first start leaves a warm process and its key directory.
  const first = generateSelfSignedCert();
  const p1 = await startProvider(terraformStartEnv(first.certPem, work), { command: through(""), cwd: work });
  const s1 = connectPlugin(p1, first);
  expect((await grpcCall(s1, "/tfplugin6.Provider/GetMetadata")).status).toBe("0");
  await grpcCall(s1, "/plugin.GRPCController/Shutdown");
  await p1.exit;
  const [dir] = keyDirs();

  // The leftover: the answer the warm process wrote for an earlier launcher of this pid (its line, its socket).
  const second = generateSelfSignedCert();
  const p2 = await startProvider(terraformStartEnv(second.certPem, work), {
    command: through(`printf '%s\\n' '${p1.line}' >'${join(dir, "sessions")}'/$$.ok; `),
    cwd: work,
  });
  expect(keyDirs()).toEqual([dir]);
  // Whatever process serves this start, the line names it and its certificate, and it answers this client.
  expect(await servedCertificate(p2, second)).toEqual(Buffer.from(p2.line.split("|")[5], "base64"));
  const s2 = http2.connect("https://localhost", {
    createConnection: () =>
      tls.connect({
        path: p2.socket,
        servername: "localhost",
        ca: p2.serverPem,
        ALPNProtocols: ["h2"],
        cert: second.certPem,
        key: second.keyPem,
      }),
  });
  try {
    const answer = await Promise.race([
      grpcCall(s2, "/tfplugin6.Provider/GetMetadata"),
      new Promise<{ status: string }>((r) => setTimeout(() => r({ status: "no answer within 10 s" }), 10_000)),
    ]);
    expect(answer.status).toBe("0");
  } finally {
    s2.destroy();
  }
});
