// A remote's name becomes a file name (servercerts/<name>.crt). Through terraform and the bundled incus provider, a
// remote block named "../client" (which would pin the server certificate over client.crt) is refused when terraform
// validates the provider configuration, on the name's line, and nothing is written to the configuration directory.
// The server is an in-process HTTPS listener: the provider must not even get to fetch its certificate.
import { mkdirSync, readdirSync } from "node:fs";
import { createServer } from "node:https";
import type { Server } from "node:https";
import { join } from "node:path";
import { generateSelfSignedCert } from "../../../lib/provider/plugin";
import { requiredProviders, TerraformWorkspace } from "../../support/terraform";

jest.setTimeout(120_000);

let ws: TerraformWorkspace;
let server: Server;
let connections = 0;
let configDir = "";
const serverCert = generateSelfSignedCert();

/** Every file below `dir`, relative, sorted. */
function filesBelow(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

beforeAll(async () => {
  server = createServer({ cert: serverCert.certPem, key: serverCert.keyPem }, (_req, res) => res.end("{}"));
  server.on("secureConnection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  ws = TerraformWorkspace.create({ providers: ["incus"], prefix: "t-remote-names" });
  configDir = join(ws.root, "incus-config");
  mkdirSync(configDir);
  const port = (server.address() as { port: number }).port;
  ws.write(
    "main.tf",
    `${requiredProviders(["incus"])}
provider "incus" {
  config_dir                = "${configDir}"
  accept_remote_certificate = true
  remote {
    name    = "../client"
    address = "https://127.0.0.1:${port}"
  }
}
resource "incus_project" "p" {
  name   = "t-remote-names"
  remote = "../client"
}
`,
  );
  await ws.init();
});

afterAll(async () => {
  ws?.cleanup();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a remote named "../client" is refused at plan on its line, and no file is written', async () => {
  const r = await ws.plan();
  // servercerts/../client.crt would be the client certificate's file.
  expect(filesBelow(configDir)).toEqual([]);
  expect(connections).toBe(0);
  expect(r.code).toBe(1);
  expect(r.output).toMatch(/Error: Invalid value/);
  expect(r.output).toMatch(
    /"\.\.\/client" is not a valid name for a remote; use 1-63 letters, digits, '\.',\s+'_' or '-'/,
  );
  // Terraform resolved the attribute path remote[0].name to the name's line.
  expect(r.output).toMatch(/in provider "incus":\s+\d+:\s+name\s+= "\.\.\/client"/);
});
