// doctor on this machine: real terraform, real incusd and libvirtd, the built providers; then broken setups it
// must recognise (a socket nobody answers on, an unreachable libvirt URI, providers not installed).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installBundledProviders } from "../../../lib/packaging";
import { doctorMain } from "../../../lib/tooling";
import type { CheckResult } from "../../../lib/tooling";
import { ensureBundledProviders } from "../../support/terraform";
import { memoryIO } from "../../unit/tooling/support/io";

let home: string;
beforeAll(() => ensureBundledProviders(["incus", "libvirt"]));
beforeEach(() => (home = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-doctor-"))));
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

/** The environment of a user whose home is the temp dir (no CLI config, no mirror, no incus certificates yet). */
function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  delete e.TF_CLI_CONFIG_FILE;
  delete e.INCUS_CONF;
  return e;
}

async function doctor(args: string[]): Promise<{ code: number; checks: { [name: string]: CheckResult } }> {
  const io = memoryIO({ env: env() });
  const code = await doctorMain([...args, "--json"], io);
  const report = JSON.parse(io.out()) as { ok: boolean; checks: CheckResult[] };
  expect(report.ok).toBe(code === 0);
  return { code, checks: Object.fromEntries(report.checks.map((c) => [c.name, c])) };
}

describe("cdktf-virt doctor on this machine", () => {
  test("finds terraform, node, incusd and libvirtd; asks to install the providers, then is satisfied", async () => {
    const first = await doctor(["--require", "incus,libvirt"]);
    const failing = Object.values(first.checks).filter((c) => c.status === "fail");
    expect(failing).toEqual([]);
    expect(first.code).toBe(0);
    const terraformVersion = JSON.parse(
      execFileSync("terraform", ["version", "-json"], { encoding: "utf8", env: env() }),
    ).terraform_version;
    expect(first.checks.terraform).toMatchObject({
      status: "ok",
      summary: expect.stringContaining(`terraform ${terraformVersion}`),
    });
    expect(first.checks.node).toMatchObject({ status: "ok", summary: `Node ${process.version}` });
    expect(first.checks.incus).toMatchObject({
      status: "ok",
      summary: expect.stringMatching(/^Incus 6\.\S+ at \S+ \(trusted, API 1\.0\)$/),
    });
    expect(first.checks.libvirt).toMatchObject({
      status: "ok",
      summary: expect.stringMatching(/^libvirt \d+\.\d+\.\d+, QEMU .* via qemu:\/\/\/system$/),
    });
    expect(first.checks.providers).toMatchObject({ status: "warn", fix: expect.stringContaining("provider install") });

    installBundledProviders(path.join(home, ".terraform.d", "plugins"));
    const second = await doctor([]);
    expect(second.checks.providers).toMatchObject({ status: "ok" });
  });

  test("a socket nobody answers on and an unreachable libvirt URI are failures with fixes", async () => {
    const socket = path.join(home, "stale.sock");
    // A bound but never listening socket: connecting to it is refused, like a crashed daemon's leftover.
    execFileSync("python3", [
      "-c",
      `import socket; s = socket.socket(socket.AF_UNIX); s.bind(${JSON.stringify(socket)})`,
    ]);
    const result = await doctor([
      "--incus-socket",
      socket,
      "--libvirt-uri",
      `qemu+unix:///system?socket=${home}/no-libvirt.sock`,
    ]);
    expect(result.code).toBe(1);
    expect(result.checks.incus).toMatchObject({
      status: "fail",
      summary: expect.stringContaining(`nothing answers on ${socket}`),
      fix: expect.stringContaining("start the daemon"),
    });
    expect(result.checks.libvirt).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("cannot connect to qemu+unix:///system"),
      fix: expect.stringContaining("libvirtd"),
    });
  });
});
