// Shared helpers for tests that drive the real incusd: a client, unique object names, a precheck
// that fails loudly when the daemon (or the test pool/image) is missing, and cleanup that runs
// even when a test failed half way.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IncusClient, isNotFound, resolveSocketPath } from "../../lib/incus";
import type { DevicesMap, IncusClientOptions, Server } from "../../lib/incus";

/** The `dir` storage pool scripts/setup.sh creates for tests. */
export const TEST_POOL = "cdktf-virt-test";
/** The busybox container image scripts/setup.sh imports (`/sbin/init`, `sh`, `sleep`, `cat`). */
export const TEST_IMAGE = "cdktf-virt-busybox";

/** A name no pre-existing object has: `t-<area>-<8 hex>` (valid for every Incus object kind). */
export function uniqueName(area: string): string {
  return `t-${area}-${randomBytes(4).toString("hex")}`;
}

/** A client for the local daemon (INCUS_SOCKET / INCUS_DIR honoured). Close it in afterAll. */
export function testClient(options: IncusClientOptions = {}): IncusClient {
  return new IncusClient(options);
}

/** The root disk every test instance needs (the default profile has none). */
export function rootDisk(pool: string = TEST_POOL): DevicesMap {
  return { root: { type: "disk", path: "/", pool } };
}

export interface PrecheckOptions {
  /** Also require the test storage pool. @default true */
  readonly pool?: boolean;
  /** Also require the test image alias. @default true */
  readonly image?: boolean;
}

const SETUP_HINT = "run `bash scripts/setup.sh` (as root) to install and start Incus with the test pool and image";

/**
 * Fails with a clear message when incusd is not reachable or the test fixtures are missing.
 * Tests call this in beforeAll: a missing daemon is a failure, never a skip.
 */
export async function requireIncus(client: IncusClient, options: PrecheckOptions = {}): Promise<Server> {
  let server: Server;
  try {
    server = (await client.server.get({ timeoutMs: 10_000 })).value;
  } catch (err) {
    throw new Error(
      `Incus is not reachable at ${
        client.endpoint
      } (socket resolved from INCUS_SOCKET/INCUS_DIR: ${resolveSocketPath()}): ${(err as Error).message}\n` +
        `These integration tests need a running incusd: ${SETUP_HINT}.`,
    );
  }
  if (server.auth !== "trusted")
    throw new Error(
      `Incus at ${client.endpoint} does not trust this user (auth: ${server.auth}); run the tests as root or a member of incus-admin.`,
    );
  if (options.pool !== false && !(await client.storagePools.find(TEST_POOL))) {
    throw new Error(`Incus test storage pool "${TEST_POOL}" is missing: ${SETUP_HINT}.`);
  }
  if (options.image !== false) {
    try {
      await client.images.getAlias(TEST_IMAGE);
    } catch (err) {
      if (isNotFound(err)) throw new Error(`Incus test image alias "${TEST_IMAGE}" is missing: ${SETUP_HINT}.`);
      throw err;
    }
  }
  return server;
}

/**
 * Undo steps registered as objects are created, run in reverse order in afterAll. Steps that find
 * their object already gone are fine; other failures are collected and reported together.
 */
export class Cleanup {
  private readonly steps: { readonly label: string; readonly run: () => Promise<unknown> }[] = [];

  add(label: string, run: () => Promise<unknown>): void {
    this.steps.push({ label, run });
  }

  async run(): Promise<void> {
    const failures: string[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await runTwice(step.run);
      } catch (err) {
        if (!isNotFound(err)) failures.push(`${step.label}: ${(err as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`Cleanup left objects behind:\n${failures.join("\n")}`);
  }
}

/**
 * A cleanup step, run again once after a second if it fails: suites share one incusd, and a bridge's delete can
 * fail while another suite's container interface on the host goes away ("Failed to delete bridge children
 * interfaces").
 */
async function runTwice(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    if (isNotFound(err)) throw err;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await step();
  }
}

/** Registers the removal of instance `name` with `cleanup`: a forced stop (it may not run), then the delete. */
export function removeInstanceLater(client: IncusClient, cleanup: Cleanup, name: string, project?: string): void {
  const call = project ? { project } : {};
  cleanup.add(`instance ${name}`, async () => {
    await client.instanceState.stop(name, { ...call, force: true }).catch(() => undefined);
    await client.instances.delete(name, call);
  });
}

/** Creates a container from the test image (started unless told otherwise) and registers its deletion. */
export async function createTestContainer(
  client: IncusClient,
  cleanup: Cleanup,
  name: string,
  options: { readonly start?: boolean; readonly devices?: DevicesMap; readonly project?: string } = {},
): Promise<void> {
  const call = options.project ? { project: options.project } : {};
  removeInstanceLater(client, cleanup, name, options.project);
  await client.instances.create(
    {
      name,
      source: { type: "image", alias: TEST_IMAGE },
      devices: { ...rootDisk(), ...options.devices },
      start: options.start ?? true,
    },
    call,
  );
}

/** A PEM certificate and its key. */
export interface TestCertificate {
  readonly cert: string;
  readonly key: string;
}

/**
 * Makes a short-lived EC certificate with the openssl CLI: self-signed, or signed by `issuer`.
 * `sans` are subjectAltName entries such as "IP:127.0.0.1" or "DNS:localhost".
 */
export function makeCertificate(
  dir: string,
  commonName: string,
  options: { readonly issuer?: TestCertificate; readonly isCa?: boolean; readonly sans?: readonly string[] } = {},
): TestCertificate {
  const base = join(dir, commonName.replace(/[^A-Za-z0-9_-]/g, "_"));
  const args = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"];
  args.push("-keyout", `${base}.key`, "-out", `${base}.crt`, "-subj", `/CN=${commonName}`);
  args.push("-addext", options.isCa ? "basicConstraints=critical,CA:TRUE" : "basicConstraints=critical,CA:FALSE");
  if (options.isCa) args.push("-addext", "keyUsage=critical,keyCertSign,cRLSign");
  if (options.sans?.length) args.push("-addext", `subjectAltName=${options.sans.join(",")}`);
  if (options.issuer) {
    writeFileSync(`${base}.issuer.crt`, options.issuer.cert);
    writeFileSync(`${base}.issuer.key`, options.issuer.key, { mode: 0o600 });
    args.push("-CA", `${base}.issuer.crt`, "-CAkey", `${base}.issuer.key`);
  }
  execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  return { cert: readFileSync(`${base}.crt`, "utf8"), key: readFileSync(`${base}.key`, "utf8") };
}
