// doctor: each check on what it can find (versions, files, daemon answers), and the command's exit code.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { generateSelfSignedCert } from "../../../lib/provider/plugin";
import { IncusError } from "../../../lib/incus";
import type { Server } from "../../../lib/incus";
import {
  checkBundledProviders,
  checkCertificates,
  checkCliConfig,
  checkIncus,
  checkLibvirt,
  checkNode,
  checkTerraform,
} from "../../../lib/tooling/doctor";
import type { DoctorProbes, ProviderLayout } from "../../../lib/tooling/doctor";
import { doctorMain } from "../../../lib/tooling";
import { memoryIO } from "./support/io";

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-doctor-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const exited = (code: number, stdout: string, stderr = "") => ({ kind: "exited" as const, code, stdout, stderr });

describe("toolchain", () => {
  test("node must be 20 or newer", () => {
    expect(checkNode("v20.20.2")).toMatchObject({ status: "ok", summary: "Node v20.20.2" });
    expect(checkNode("v18.19.0")).toMatchObject({ status: "fail", fix: expect.stringContaining("Node 20 or newer") });
  });

  test("terraform: found and new enough, too old, missing", () => {
    expect(
      checkTerraform(exited(0, JSON.stringify({ terraform_version: "1.11.4", platform: "linux_amd64" }))),
    ).toMatchObject({
      status: "ok",
      summary: "terraform 1.11.4 (linux_amd64)",
    });
    expect(checkTerraform(exited(0, JSON.stringify({ terraform_version: "1.4.7" })))).toMatchObject({
      status: "fail",
      summary: "terraform 1.4.7 is too old",
    });
    expect(checkTerraform({ kind: "missing", command: "terraform" })).toMatchObject({
      status: "fail",
      summary: '"terraform" was not found on PATH',
      fix: expect.stringContaining("install terraform >= 1.5.0"),
    });
  });

  test("a TF_CLI_CONFIG_FILE that does not exist, and a provider_installation block that hides the mirror", () => {
    expect(checkCliConfig({ TF_CLI_CONFIG_FILE: path.join(dir, "nope.tfrc") }, dir)).toMatchObject({
      status: "warn",
      fix: expect.stringContaining("unset TF_CLI_CONFIG_FILE"),
    });
    expect(checkCliConfig({}, dir)).toMatchObject({ status: "ok" });
    const rc = path.join(dir, "cli.tfrc");
    fs.writeFileSync(rc, 'provider_installation {\n  network_mirror { url = "https://mirror.example/" }\n}\n');
    expect(checkCliConfig({ TF_CLI_CONFIG_FILE: rc }, dir)).toMatchObject({
      status: "warn",
      fix: expect.stringContaining('include = ["registry.cdktf-virt.local/*/*"]'),
    });
    fs.writeFileSync(
      rc,
      'provider_installation {\n  filesystem_mirror { path = "/m" include = ["registry.cdktf-virt.local/*/*"] }\n  direct {}\n}\n',
    );
    expect(checkCliConfig({ TF_CLI_CONFIG_FILE: rc }, dir)).toMatchObject({ status: "ok" });
  });
});

describe("bundled providers", () => {
  function layout(): ProviderLayout {
    const mirrorDir = path.join(dir, "plugins");
    return {
      types: ["incus", "libvirt"],
      version: "0.1.0",
      packageRoot: dir,
      mirrorDir,
      builtPath: (type) => path.join(dir, "dist", "providers", `terraform-provider-${type}.js`),
      mirrorPath: (type) =>
        path.join(
          mirrorDir,
          "registry.cdktf-virt.local",
          "cdktf-virt",
          type,
          "0.1.0",
          "linux_amd64",
          `terraform-provider-${type}_v0.1.0`,
        ),
    };
  }
  function put(file: string, content: string, mode = 0o755): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { mode });
  }

  test("not built is a failure that says to build", () => {
    expect(checkBundledProviders(layout())).toMatchObject({ status: "fail", fix: `run \`npm run build\` in ${dir}` });
  });

  test("built but not installed, or an older version installed, is a warning", () => {
    const l = layout();
    put(l.builtPath("incus"), "incus v2");
    put(l.builtPath("libvirt"), "libvirt v2");
    put(l.mirrorPath("libvirt").replace(/0\.1\.0/g, "0.0.9"), "old");
    const result = checkBundledProviders(l);
    expect(result).toMatchObject({ status: "warn", fix: expect.stringContaining("npx cdktf-virt provider install") });
    expect(result.details).toEqual([
      `incus: built; not installed in ${l.mirrorDir}`,
      `libvirt: version 0.0.9 in ${l.mirrorDir}, but this package is 0.1.0`,
    ]);
  });

  test("installed copies must be executable and match the build", () => {
    const l = layout();
    put(l.builtPath("incus"), "incus v2");
    put(l.builtPath("libvirt"), "libvirt v2");
    put(l.mirrorPath("incus"), "incus v2");
    put(l.mirrorPath("libvirt"), "libvirt v2");
    expect(checkBundledProviders(l)).toMatchObject({
      status: "ok",
      summary: "bundled providers incus, libvirt 0.1.0 installed",
    });
    put(l.mirrorPath("libvirt"), "libvirt v1");
    expect(checkBundledProviders(l)).toMatchObject({
      status: "warn",
      details: expect.arrayContaining([expect.stringContaining("differs from the build")]),
    });
    fs.chmodSync(l.mirrorPath("incus"), 0o644);
    expect(checkBundledProviders(l)).toMatchObject({
      status: "fail",
      fix: expect.stringContaining(`chmod 755 ${l.mirrorPath("incus")}`),
    });
  });
});

describe("daemons", () => {
  const server = (auth: string) =>
    ({ auth, api_version: "1.0", environment: { server_version: "6.0.4" } }) as unknown as Server;

  test("incus: trusted, untrusted, refused, absent", () => {
    expect(checkIncus("/s", true, { server: server("trusted") }, false)).toMatchObject({
      status: "ok",
      summary: "Incus 6.0.4 at /s (trusted, API 1.0)",
    });
    expect(checkIncus("/s", true, { server: server("untrusted") }, false)).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("incus-admin"),
    });
    const refused = new IncusError("CONNECTION", "connect ECONNREFUSED /s", {
      cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
    });
    expect(checkIncus("/s", true, { error: refused }, false)).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("systemctl start incus"),
    });
    const denied = new IncusError("CONNECTION", "connect EACCES /s", {
      cause: Object.assign(new Error("denied"), { code: "EACCES" }),
    });
    expect(checkIncus("/s", true, { error: denied }, false)).toMatchObject({
      status: "fail",
      summary: "permission denied on /s",
    });
    expect(checkIncus("/s", false, undefined, false)).toMatchObject({
      status: "warn",
      summary: "no Incus socket at /s",
    });
    expect(checkIncus("/s", false, undefined, true).status).toBe("fail");
  });

  test("libvirt: versions from virsh, connection errors, virsh missing", () => {
    const version =
      "Compiled against library: libvirt 9.0.0\nUsing library: libvirt 9.0.0\nUsing API: QEMU 9.0.0\nRunning hypervisor: QEMU 7.2.22\n";
    expect(checkLibvirt("qemu:///system", exited(0, version), false)).toMatchObject({
      status: "ok",
      summary: "libvirt 9.0.0, QEMU 7.2.22 via qemu:///system",
    });
    const down = exited(
      1,
      "",
      "error: failed to connect to the hypervisor\nerror: Failed to connect socket to '/var/run/libvirt/libvirt-sock': No such file or directory\n",
    );
    expect(checkLibvirt("qemu:///system", down, false)).toMatchObject({
      status: "fail",
      summary: "cannot connect to qemu:///system: failed to connect to the hypervisor",
      fix: expect.stringContaining("start libvirtd"),
    });
    expect(checkLibvirt("qemu:///system", { kind: "missing", command: "virsh" }, false).status).toBe("warn");
    expect(checkLibvirt("qemu:///system", { kind: "missing", command: "virsh" }, true).status).toBe("fail");
  });
});

describe("certificates", () => {
  const configYml =
    "default-remote: lab\nremotes:\n  images:\n    addr: https://images.linuxcontainers.org\n    protocol: simplestreams\n    public: true\n  lab:\n    addr: https://10.0.0.2:8443\n    protocol: incus\n  local:\n    addr: unix://\naliases: {}\n";

  test("a config.yml that is not YAML is a failure naming the file", () => {
    fs.writeFileSync(path.join(dir, "config.yml"), "remotes:\n  lab: [unclosed\n");
    expect(checkCertificates(dir)).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("config.yml is not valid YAML"),
      fix: expect.stringContaining("incus remote add"),
    });
  });

  test("no configuration at all is fine", () => {
    expect(checkCertificates(path.join(dir, "none")).status).toBe("ok");
  });

  test("an HTTPS remote without a client certificate is a failure", () => {
    fs.writeFileSync(path.join(dir, "config.yml"), configYml);
    expect(checkCertificates(dir)).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("HTTPS remote lab but no client certificate"),
    });
  });

  test("a valid pair and a pinned server certificate pass; expiry and a foreign key fail", () => {
    fs.writeFileSync(path.join(dir, "config.yml"), configYml);
    const client = generateSelfSignedCert({ notAfter: new Date(Date.now() + 365 * 86400_000) });
    fs.writeFileSync(path.join(dir, "client.crt"), client.certPem);
    fs.writeFileSync(path.join(dir, "client.key"), client.keyPem, { mode: 0o600 });
    fs.mkdirSync(path.join(dir, "servercerts"));
    fs.writeFileSync(path.join(dir, "servercerts", "lab.crt"), generateSelfSignedCert().certPem);
    expect(checkCertificates(dir)).toMatchObject({ status: "ok" });

    fs.rmSync(path.join(dir, "servercerts", "lab.crt"));
    expect(checkCertificates(dir)).toMatchObject({
      status: "warn",
      summary: expect.stringContaining("remote lab has no pinned server certificate"),
    });

    const expired = generateSelfSignedCert({
      notBefore: new Date(Date.now() - 10 * 86400_000),
      notAfter: new Date(Date.now() - 86400_000),
    });
    fs.writeFileSync(path.join(dir, "client.crt"), expired.certPem);
    fs.writeFileSync(path.join(dir, "client.key"), expired.keyPem, { mode: 0o600 });
    expect(checkCertificates(dir)).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("the client certificate expired on"),
    });

    fs.writeFileSync(path.join(dir, "client.crt"), client.certPem);
    expect(checkCertificates(dir)).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("client.key is not the key of"),
    });

    fs.rmSync(path.join(dir, "client.key"));
    expect(checkCertificates(dir)).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("client.key is missing"),
    });
  });

  test("a private key others can read is a warning", () => {
    const client = generateSelfSignedCert({ notAfter: new Date(Date.now() + 365 * 86400_000) });
    fs.writeFileSync(path.join(dir, "client.crt"), client.certPem);
    fs.writeFileSync(path.join(dir, "client.key"), client.keyPem, { mode: 0o644 });
    fs.chmodSync(path.join(dir, "client.key"), 0o644);
    expect(checkCertificates(dir)).toMatchObject({ status: "warn", fix: expect.stringContaining("chmod 600") });
  });
});

describe("cdktf-virt doctor", () => {
  function probes(over: Partial<DoctorProbes> = {}): DoctorProbes {
    return {
      nodeVersion: "v20.1.0",
      run: async (command) =>
        command === "virsh"
          ? exited(0, "Using library: libvirt 9.0.0\nRunning hypervisor: QEMU 7.2.22\n")
          : exited(0, JSON.stringify({ terraform_version: "1.11.4" })),
      probeIncus: async () => ({
        server: { auth: "trusted", api_version: "1.0", environment: { server_version: "6.0.4" } } as unknown as Server,
      }),
      socketExists: () => true,
      providerLayout: () => ({
        types: [],
        version: "0.1.0",
        packageRoot: dir,
        mirrorDir: dir,
        builtPath: () => "",
        mirrorPath: () => "",
      }),
      ...over,
    };
  }

  test("exit 0 and every check listed when all is well", async () => {
    const io = memoryIO({ env: { HOME: dir } });
    expect(await doctorMain([], io, probes())).toBe(0);
    for (const name of ["node", "terraform", "terraform-config", "providers", "incus", "libvirt", "certificates"]) {
      expect(io.out()).toMatch(new RegExp(`^ok\\s+${name}\\s`, "m"));
    }
    expect(io.out()).toContain("Everything looks fine.");
  });

  test("exit 1 with the fix when something is broken; --json for machines", async () => {
    const io = memoryIO({ env: { HOME: dir } });
    const broken = probes({
      run: async (command) => (command === "virsh" ? exited(0, "") : { kind: "missing", command }),
    });
    expect(await doctorMain(["--json"], io, broken)).toBe(1);
    const report = JSON.parse(io.out());
    expect(report.ok).toBe(false);
    expect(report.checks.find((c: { name: string }) => c.name === "terraform")).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("install terraform"),
    });
  });

  test("--require turns an absent daemon into a failure", async () => {
    const absent = probes({ socketExists: () => false });
    expect(await doctorMain([], memoryIO({ env: { HOME: dir } }), absent)).toBe(0);
    const io = memoryIO({ env: { HOME: dir } });
    expect(await doctorMain(["--require", "incus"], io, absent)).toBe(1);
    expect(io.out()).toMatch(/^FAIL\s+incus\s+no Incus socket at /m);
    const bad = memoryIO();
    expect(await doctorMain(["--require", "docker"], bad, absent)).toBe(1);
    expect(bad.err()).toContain('--require takes incus and/or libvirt, not "docker"');
  });
});
