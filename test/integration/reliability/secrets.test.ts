// Secrets drill: the bundled provider enrols with the local incusd over HTTPS with a one-time trust token and a
// client certificate it generates, then manages a volume there, with TF_LOG=TRACE on. Neither the token (nor its
// secret), nor the client key may appear in the state, in plan/apply/show output or in the logs. TLS verification
// cannot be turned off silently: a wrong pin fails even with accept_remote_certificate, no pin fails with advice,
// and trusting a certificate on first use says so in a warning.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { IncusClient } from "../../../lib/incus";
import { Cleanup, makeCertificate, requireIncus, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { requiredProviders, TerraformWorkspace } from "../../support/terraform";
import type { RunResult } from "../../support/terraform";
import { localHttpsUrl, issueTrustToken, removeTrustNamed } from "./support/https-remote";

const prefix = uniqueName("rel");
const clientName = `${prefix}-client`;
const volume = `${prefix}-sec`;
const cleanup = new Cleanup();
let client: IncusClient;
let url = "";
let token = "";
let ws: TerraformWorkspace;
let configDir = "";
let logPath = "";

function mainTf(options: { token: boolean; accept?: boolean }): string {
  return `${requiredProviders(["incus"])}
variable "token" {
  type      = string
  sensitive = true
  default   = null
}
provider "incus" {
  config_dir                   = "${configDir}"
  generate_client_certificates = true
${
  options.accept === undefined ? "" : `  accept_remote_certificate    = ${options.accept}\n`
}  default_remote               = "tls"
  remote {
    name    = "tls"
    address = "${url}"
${options.token ? "    token   = var.token\n" : ""}  }
}
resource "incus_storage_volume" "v" {
  name   = "${volume}"
  pool   = "${TEST_POOL}"
  remote = "tls"
  config = { size = "16MiB", "user.cdktf-virt.owner" = "${prefix}/v" }
}
`;
}

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
  url = await localHttpsUrl(client);
  cleanup.add(`trust ${clientName}`, () => removeTrustNamed(client, clientName));
  token = issueTrustToken(clientName, cleanup);
  cleanup.add(`volume ${volume}`, () => client.storageVolumes.delete(TEST_POOL, volume));
  ws = TerraformWorkspace.create({ providers: ["incus"], prefix: `${prefix}-tf` });
  configDir = join(ws.root, "incus-config");
  logPath = join(ws.root, "terraform.log");
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    ws?.cleanup();
    await client.close();
  }
});

const traced = { TF_LOG: "TRACE", TF_LOG_PATH: "" };

function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return ws.run(args, {
    env: { ...traced, TF_LOG_PATH: logPath, TF_VAR_token: token, ...extraEnv },
    timeoutMs: 180_000,
  });
}

/** The pieces of secret text that must never be written anywhere. */
function secretsToLookFor(): { label: string; text: string }[] {
  const decoded = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { secret?: string };
  const key = readFileSync(join(configDir, "client.key"), "utf8");
  const keyBody = key
    .split("\n")
    .filter((l) => l && !l.startsWith("-----"))
    .join("");
  const found = [{ label: "trust token", text: token }];
  if (decoded.secret) found.push({ label: "token secret", text: decoded.secret });
  // Any 32 characters of the key's base64 body would be a leak; check a few slices.
  for (let i = 0; i + 32 <= keyBody.length; i += 48)
    found.push({ label: `client key bytes ${i}..${i + 32}`, text: keyBody.slice(i, i + 32) });
  return found;
}

test("enrolment by token over HTTPS: no token or client key in state, plan/apply/show output, or TRACE logs", async () => {
  ws.write("main.tf", mainTf({ token: true }));
  await ws.init();
  const outputs: { label: string; text: string }[] = [];
  for (const args of [
    ["plan", "-input=false"],
    ["apply", "-auto-approve", "-input=false"],
    ["plan", "-input=false", "-detailed-exitcode"],
  ]) {
    const r = await run(args);
    outputs.push({ label: `terraform ${args[0]} output`, text: r.output });
    expect({ args, code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ args, code: 0, output: "" });
  }
  outputs.push({ label: "terraform show", text: (await run(["show"])).output });
  outputs.push({ label: "terraform show -json", text: (await run(["show", "-json"])).output });
  outputs.push({ label: "state file", text: readFileSync(join(ws.dir, "terraform.tfstate"), "utf8") });
  outputs.push({ label: "TF_LOG file", text: readFileSync(logPath, "utf8") });

  // The drill really went through HTTPS with the token: the server trusts the generated certificate, the volume exists.
  expect((await client.certificates.list()).some((c) => c.name === clientName)).toBe(true);
  expect((await client.storageVolumes.get(TEST_POOL, volume)).value.config["user.cdktf-virt.owner"]).toBe(
    `${prefix}/v`,
  );
  // The logs were captured at TRACE, provider lines included, so "not in the logs" means something.
  expect(outputs.find((o) => o.label === "TF_LOG file")!.text).toMatch(/terraform-provider-incus/);

  const leaks = outputs.flatMap((o) =>
    secretsToLookFor()
      .filter((s) => o.text.includes(s.text))
      .map((s) => `${s.label} in ${o.label}`),
  );
  expect(leaks).toEqual([]);
}, 300_000);

test("a pinned certificate that does not match the server fails, even with accept_remote_certificate", async () => {
  const pin = join(configDir, "servercerts", "tls.crt");
  const good = readFileSync(pin, "utf8");
  try {
    writeFileSync(pin, makeCertificate(ws.root, `${prefix}-impostor`).cert);
    ws.write("main.tf", mainTf({ token: false, accept: true }));
    const r = await run(["plan", "-input=false", "-refresh=true"]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Error:/);
    expect(r.output).toMatch(/certificate/i);
  } finally {
    writeFileSync(pin, good);
  }
}, 120_000);

test("no pinned certificate, no token, no accept: refused with an error about the certificate", async () => {
  const pin = join(configDir, "servercerts", "tls.crt");
  const good = readFileSync(pin, "utf8");
  try {
    rmSync(pin);
    ws.write("main.tf", mainTf({ token: false }));
    const r = await run(["plan", "-input=false"], { INCUS_ACCEPT_SERVER_CERTIFICATE: "" });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Error:/);
    expect(r.output).toMatch(/certificate/i);
    expect(existsSync(pin)).toBe(false);
  } finally {
    writeFileSync(pin, good);
  }
}, 120_000);

test("trusting a certificate on first use is not silent: a warning names the remote and the fingerprint", async () => {
  const pin = join(configDir, "servercerts", "tls.crt");
  rmSync(pin);
  ws.write("main.tf", mainTf({ token: false, accept: true }));
  const r = await run(["plan", "-input=false", "-detailed-exitcode"]);
  expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
  expect(existsSync(pin)).toBe(true);
  expect(r.output).toMatch(/Warning:/);
  expect(r.output).toMatch(/tls/);
  expect(r.output).toMatch(/[0-9a-f]{64}|([0-9A-F]{2}:){31}[0-9A-F]{2}/);
}, 120_000);
