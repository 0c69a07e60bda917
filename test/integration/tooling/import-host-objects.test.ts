// `cdktf-virt import` of the server-wide objects on the real test cluster (HTTPS, the tests' client identity): a
// trusted client certificate (a throwaway pair, restricted to the default project) and a cluster group with two
// members, created out of band → import --certificates → the generated stack synthesizes → terraform imports both
// (no create, no destroy, nothing to change) → the plan after it is empty, the objects as they were.
// Load balancers (OVN) and buckets (no minio binary here) are covered by the unit tests.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { certificateFingerprint } from "../../../lib/incus";
import type { IncusClient } from "../../../lib/incus";
import { main } from "../../../lib/tooling/import-host";
import { clusterClient, requireCluster } from "../cluster/support";
import { makeCertificate } from "../../support/incus";
import { hostsFile } from "../../support/incus-hosts";
import { ensureBundledProviders, terraformBinary } from "../../support/terraform";

jest.setTimeout(240_000);

const ROOT = join(__dirname, "..", "..", "..");
const NODE_MODULES = join(ROOT, "node_modules");
const prefix = `t-import-${randomBytes(3).toString("hex")}-`;
const names = { certificate: `${prefix}cert`, group: `${prefix}grp` };

let client: IncusClient;
let dir: string;
let fingerprint: string;

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { code: number; out: string } {
  const full: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The stack's own provider configuration, as the user's deploy has it.
  delete full.TF_CLI_CONFIG_FILE;
  delete full.TF_PLUGIN_CACHE_DIR;
  const r = spawnSync(cmd, args, { cwd, env: full, encoding: "utf8", timeout: 180_000 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

function ok(result: { code: number; out: string }, what: string): string {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}:\n${result.out}`);
  return result.out;
}

beforeAll(async () => {
  client = clusterClient();
  await requireCluster(client);
  terraformBinary();
  ensureBundledProviders(["incus"]);
  dir = mkdtempSync(join(tmpdir(), "t-import-"));
  mkdirSync(join(dir, "home"));
  const pem = makeCertificate(dir, names.certificate).cert;
  fingerprint = certificateFingerprint(pem);
  await client.certificates.add({
    certificate: pem,
    name: names.certificate,
    restricted: true,
    projects: ["default"],
    description: "imported cert",
  });
  await client.clusterGroups.create({
    name: names.group,
    description: "imported group",
    members: ["member1", "member2"],
  });
});

afterAll(async () => {
  try {
    if (client) {
      await client.certificates.delete(fingerprint).catch(() => undefined);
      // A group with members cannot be deleted: empty it first.
      await client.clusterGroups.update(names.group, { description: "", members: [] }).catch(() => undefined);
      await client.clusterGroups.delete(names.group).catch(() => undefined);
    }
  } finally {
    await client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

test("import adopts a trusted certificate and a cluster group; the plan after the import is empty", async () => {
  const { configDir, cluster } = hostsFile();
  const env = { INCUS_CONF: configDir };
  const app = join(dir, "app");
  let out = "";
  let err = "";
  const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env };
  const args = [
    "--remote",
    cluster.remote,
    "--prefix",
    prefix,
    "--certificates",
    "--out",
    app,
    "--package",
    join(ROOT, "lib"),
  ];
  expect({ code: await main(args, io as never), err }).toMatchObject({ code: 0 });
  expect(out).toMatch(/2 objects to adopt/);
  const stackFile = readFileSync(join(app, "imported-stack.ts"), "utf8");
  expect(stackFile).toContain('clusterMembers: ["member1", "member2", "member3"]');
  expect(stackFile).not.toMatch(/PRIVATE KEY/);

  writeFileSync(
    join(app, "ts-hook.js"),
    `const fs = require("fs");\nconst { transformSync } = require(${JSON.stringify(join(NODE_MODULES, "esbuild"))});\n` +
      `require.extensions[".ts"] = (m, f) => m._compile(transformSync(fs.readFileSync(f, "utf8"), { loader: "ts", format: "cjs", target: "node20", sourcefile: f }).code, f);\n`,
  );
  ok(run(process.execPath, ["-r", "./ts-hook.js", "main.ts"], app, { NODE_PATH: NODE_MODULES }), "synth");
  const stackDir = join(app, "cdktf.out", "stacks", "imported");
  const tfEnv = { ...env, HOME: join(dir, "home"), CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  const terraform = (tfArgs: string[]) => run(terraformBinary(), [...tfArgs, "-no-color"], stackDir, tfEnv);
  ok(terraform(["init", "-input=false"]), "terraform init");
  ok(terraform(["plan", "-input=false", "-out=import.tfplan"]), "terraform plan");
  const plan = JSON.parse(ok(terraform(["show", "-json", "import.tfplan"]), "terraform show")) as {
    resource_changes: { address: string; change: { actions: string[]; importing?: unknown } }[];
  };
  expect(
    plan.resource_changes
      .map((c) => ({
        type: c.address.split(".")[0],
        actions: c.change.actions,
        importing: c.change.importing !== undefined,
      }))
      .sort((a, b) => a.type.localeCompare(b.type)),
  ).toEqual([
    { type: "incus_certificate", actions: ["no-op"], importing: true },
    { type: "incus_cluster_group", actions: ["no-op"], importing: true },
  ]);
  expect(ok(terraform(["apply", "-input=false", "import.tfplan"]), "terraform apply")).toMatch(
    /Resources: 2 imported, 0 added, 0 changed, 0 destroyed/,
  );
  const after = terraform(["plan", "-input=false", "-detailed-exitcode"]);
  expect({ code: after.code, out: after.code === 0 ? "" : after.out }).toEqual({ code: 0, out: "" });

  const cert = (await client.certificates.list()).find((c) => c.fingerprint === fingerprint);
  expect(cert).toMatchObject({ name: names.certificate, type: "client", restricted: true, projects: ["default"] });
  const group = (await client.clusterGroups.get(names.group)).value;
  expect(group).toMatchObject({ description: "imported group" });
  expect([...(group.members ?? [])].sort()).toEqual(["member1", "member2"]);
});
