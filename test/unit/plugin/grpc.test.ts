// The plugin host as Terraform meets it: the bundled test provider started with the magic cookie prints one
// handshake line, serves gRPC over mTLS on a unix socket (our client plays Terraform with node:http2), ignores
// SIGINT, answers UNIMPLEMENTED for unknown methods, refuses clients without the announced certificate, and exits on
// GRPCController.Shutdown, removing its socket directory. Also the protobuf codec's field numbers.
import { spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  frameMessage,
  generateSelfSignedCert,
  messageType,
  percentEncode,
  readSingleMessage,
} from "../../../lib/provider/plugin";
import { bundledProviderPath } from "../../../lib/packaging";
import {
  answers,
  cleanupPluginClients,
  connectPlugin,
  grpcCall as call,
  startProvider as start,
} from "../../support/plugin-client";
import type { StartedPlugin as Started } from "../../support/plugin-client";
import { ensureBundledProviders } from "../../support/terraform";

jest.setTimeout(30_000);

const client = generateSelfSignedCert();

// A failed assertion must not leave a provider process or a connection behind (jest would wait for them).
afterEach(cleanupPluginClients);

const startProvider = (env: NodeJS.ProcessEnv, asExecutable = false) => start(env, { asExecutable });
const connect = (p: Started, withClientCert = true, as = client) => connectPlugin(p, withClientCert ? as : null);

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "5,6",
  PLUGIN_CLIENT_CERT: client.certPem,
  ...extra,
});

beforeAll(() => ensureBundledProviders(["testfs"]));

describe("provider process", () => {
  test("handshake, mTLS gRPC calls, SIGINT ignored, Shutdown exits and removes the socket", async () => {
    const p = await startProvider(env());
    expect(p.line).toMatch(/^1\|6\|unix\|\/[^|]+\/plugin\.sock\|grpc\|[A-Za-z0-9+/]+$/);
    expect(new X509Certificate(p.serverPem).subjectAltName).toMatch(/DNS:localhost/);
    const session = connect(p);
    const schemaRes = await call(session, "/tfplugin6.Provider/GetProviderSchema", new Uint8Array(0));
    expect(schemaRes.status).toBe("0");
    const schema = messageType("tfplugin6.GetProviderSchema.Response").decode(schemaRes.data) as {
      resource_schemas: Record<string, { block: { attributes: { name: string }[] } }>;
      server_capabilities: Record<string, boolean>;
    };
    expect(Object.keys(schema.resource_schemas)).toEqual(["testfs_file"]);
    expect(schema.server_capabilities.get_provider_schema_optional).toBe(true);

    p.child.kill("SIGINT"); // Terraform forwards Ctrl-C to plugins; they must survive it
    await new Promise((r) => setTimeout(r, 100));
    const again = await call(session, "/tfplugin6.Provider/GetMetadata", new Uint8Array(0));
    expect(again.status).toBe("0");

    const missing = await call(session, "/tfplugin6.Provider/CallFunction", new Uint8Array(0));
    expect(missing.status).toBe("12"); // UNIMPLEMENTED
    const stdio = await call(session, "/plugin.GRPCStdio/StreamStdio", new Uint8Array(0));
    expect(stdio.status).toBe("0");

    const shut = await call(session, "/plugin.GRPCController/Shutdown", new Uint8Array(0));
    expect(shut.status).toBe("0");
    expect(await p.exit).toBe(0);
    session.destroy();
    expect(existsSync(dirname(p.socket))).toBe(false);
  });

  test("large messages (12 MiB) pass in both directions", async () => {
    const { decodeMsgpack, encodeMsgpack } = await import("../../../lib/provider/cty");
    const { objectType } = await import("../../../lib/provider/framework/schema-type");
    const { fileResource } = await import("../../fixtures/test-provider/file-resource");
    const type = objectType(fileResource.schema);
    const big = "x".repeat(12 * 1024 * 1024);
    const config = { path: "big.txt", content: big, section: [] };
    const p = await startProvider(env());
    const session = connect(p);
    try {
      const req = messageType("tfplugin6.PlanResourceChange.Request").encode({
        type_name: "testfs_file",
        config: { msgpack: encodeMsgpack(config, type) },
        proposed_new_state: { msgpack: encodeMsgpack(config, type) },
      });
      const res = await call(session, "/tfplugin6.Provider/PlanResourceChange", req);
      expect(res.status).toBe("0");
      const decoded = messageType("tfplugin6.PlanResourceChange.Response").decode(res.data) as {
        planned_state: { msgpack: Uint8Array };
        diagnostics?: unknown[];
      };
      expect(decoded.diagnostics ?? []).toEqual([]);
      const planned = decodeMsgpack(decoded.planned_state.msgpack, type) as { content: string; mode: string };
      expect(planned.content.length).toBe(big.length);
      expect(planned.mode).toBe("0644");
      await call(session, "/plugin.GRPCController/Shutdown", new Uint8Array(0));
      expect(await p.exit).toBe(0);
    } finally {
      session.destroy();
      p.child.kill("SIGKILL");
    }
  });

  test("losing Terraform's connection without Shutdown ends the process (no orphans)", async () => {
    const p = await startProvider(env());
    const session = connect(p);
    expect((await call(session, "/tfplugin6.Provider/GetMetadata", new Uint8Array(0))).status).toBe("0");
    session.destroy();
    const code = await Promise.race([p.exit, new Promise((r) => setTimeout(() => r("still running"), 5000))]);
    expect(code).toBe(0);
    expect(existsSync(dirname(p.socket))).toBe(false);
  });

  test("started as an executable: NODE_EXTRA_CA_CERTS is moved aside before node starts, and it serves", async () => {
    // Node started directly by the launcher (no warm process: see warm-server.test.ts for that path).
    const p = await startProvider(
      env({ NODE_EXTRA_CA_CERTS: "/etc/ssl/certs/ca-certificates.crt", CDKTF_VIRT_PROVIDER_REUSE: "0" }),
      true,
    );
    const environ = readFileSync(`/proc/${p.child.pid}/environ`, "utf8").split("\0");
    expect(readFileSync(`/proc/${p.child.pid}/cmdline`, "utf8").split("\0")[1]).toBe(bundledProviderPath("testfs"));
    expect(environ.filter((e) => e.startsWith("NODE_EXTRA_CA_CERTS="))).toEqual([]);
    expect(environ).toContain("CDKTF_VIRT_NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt");
    const session = connect(p);
    expect((await call(session, "/tfplugin6.Provider/GetMetadata", new Uint8Array(0))).status).toBe("0");
    await call(session, "/plugin.GRPCController/Shutdown", new Uint8Array(0));
    expect(await p.exit).toBe(0);
  });

  test("a client without the announced certificate, or with another one, is refused", async () => {
    const p = await startProvider(env({ TF_LOG: "warn" }));
    expect(await answers(connect(p, false))).toBe(false);
    expect(await answers(connect(p, true, generateSelfSignedCert()))).toBe(false);
    expect(await answers(connect(p))).toBe(true);
    expect(p.stderr()).toMatch(/refused a connection without the plugin client certificate/);
    p.child.kill("SIGTERM");
    expect(await p.exit).toBe(0);
  });

  test("started by hand (no magic cookie): a human message on stderr, nothing on stdout, exit 1", async () => {
    const child = spawn(process.execPath, [bundledProviderPath("testfs")], {
      env: { PATH: process.env.PATH },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const code = await new Promise((r) => child.on("exit", r));
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toMatch(/is a Terraform provider plugin: Terraform starts it/);
  });

  test("TF_LOG=debug: hclog JSON lines on stderr, never on stdout", async () => {
    const p = await startProvider(env({ TF_LOG: "debug" }));
    const session = connect(p);
    await call(session, "/tfplugin6.Provider/GetProviderSchema", new Uint8Array(0));
    await call(session, "/plugin.GRPCController/Shutdown", new Uint8Array(0));
    await p.exit;
    session.destroy();
    const lines = p.stderr().trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const entry = JSON.parse(l);
      expect(entry["@level"]).toMatch(/^(trace|debug|info|warn|error)$/);
      expect(entry["@timestamp"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
    expect(lines.some((l) => JSON.parse(l)["@message"] === "plugin serving")).toBe(true);
  });
});

describe("wire helpers", () => {
  test("protobuf field numbers match tfplugin6 (checked on raw bytes)", () => {
    const dv = messageType("tfplugin6.DynamicValue");
    expect(Buffer.from(dv.encode({ msgpack: Buffer.from([0xc0]) })).toString("hex")).toBe("0a01c0"); // field 1, bytes
    expect(Buffer.from(dv.encode({ json: Buffer.from("{}") })).toString("hex")).toBe("12027b7d"); // field 2
    const diag = messageType("tfplugin6.Diagnostic");
    const bytes = diag.encode({
      severity: 1,
      summary: "s",
      attribute: { steps: [{ attribute_name: "a" }, { element_key_int: 2 }, { element_key_string: "k" }] },
    });
    // severity=1 (08 01), summary (12 01 73), attribute (22 …) with steps (0a …): name=1, key_int=3, key_string=2
    expect(Buffer.from(bytes).toString("hex")).toBe("0801120173" + "220e" + "0a030a0161" + "0a021802" + "0a0312016b");
    expect(diag.decode(bytes)).toEqual({
      severity: 1,
      summary: "s",
      attribute: { steps: [{ attribute_name: "a" }, { element_key_int: 2 }, { element_key_string: "k" }] },
    });
    const upgrade = messageType("tfplugin6.UpgradeResourceState.Request");
    expect(upgrade.decode(Buffer.from("0a01781003", "hex"))).toEqual({ type_name: "x", version: 3 });
  });

  test("gRPC framing and message escaping", () => {
    expect(frameMessage(Buffer.from([1, 2])).toString("hex")).toBe("00000000020102");
    expect(readSingleMessage(Buffer.from("0000000001ff", "hex"))).toEqual(Buffer.from([0xff]));
    expect(readSingleMessage(Buffer.from("0100000000", "hex"))).toMatch(/compressed/);
    expect(readSingleMessage(Buffer.from("000000000501", "hex"))).toMatch(/header says 5/);
    expect(percentEncode("100% ok é")).toBe("100%25 ok %C3%A9");
  });
});
