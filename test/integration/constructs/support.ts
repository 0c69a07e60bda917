// End-to-end helpers for the constructs: synthesize a stack the way `cdktf synth` does (App.synth into an outdir,
// which also copies the bundled providers into <stack dir>/terraform.d/plugins), then run the real terraform in
// cdktf.out/stacks/<stack> with no CLI configuration — exactly what `cdktf deploy` does — and look at the real
// objects with the incus command-line client.
import { execFileSync } from "node:child_process";
import type { LibvirtClient } from "../../../lib/libvirt";
import { shellIn } from "../../support/incus-exec";
import { requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { cleanupLibvirt, libvirtTestPrefix, LIBVIRT_TEST_URI, requireLibvirt } from "../../support/libvirt";
import { SynthesizedStack } from "../../support/synthesized-stack";
import type { RunResult } from "../../support/terraform";

/** One synthesized stack and its terraform working directory, with `cdktf deploy` and `cdktf destroy`. */
export class StackRun extends SynthesizedStack {
  constructor(stackName: string, providers: readonly string[] = ["incus"]) {
    super(stackName, { providers });
  }

  /** `cdktf deploy`: apply, then check that a plan right after it is empty. Returns the apply output. */
  async deploy(): Promise<string> {
    await this.init();
    const applied = await this.ok(["apply", "-auto-approve", "-input=false"]);
    const plan = await this.plan();
    if (plan.code !== 0) {
      throw new Error(`the plan after deploying ${this.stackName} is not empty (exit ${plan.code}):\n${plan.output}`);
    }
    return applied.output;
  }

  /** `cdktf destroy` (never throws: check the code). */
  async destroy(): Promise<RunResult> {
    await this.init();
    return this.run(["destroy", "-auto-approve", "-input=false"]);
  }
}

/**
 * An object as Incus's API returns it. Tests read it field by field and compare with what they expect, so a wrong
 * path fails the assertion; typing every endpoint's answer here would repeat lib/incus.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IncusJson = any;

/** `incus query` of an API path, parsed; undefined when the object does not exist. */
export function incusQuery(path: string): IncusJson {
  try {
    return JSON.parse(execFileSync("incus", ["query", path], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? "");
    if (/not found/i.test(stderr)) return undefined;
    throw new Error(`incus query ${path} failed: ${stderr || (err as Error).message}`);
  }
}

/** The instance as Incus reports it (undefined when gone). */
export function getInstance(name: string, project = "default"): IncusJson {
  return incusQuery(`/1.0/instances/${name}?project=${project}`);
}

/** The custom volume as Incus reports it (undefined when gone). */
export function getVolume(pool: string, name: string, project = "default"): IncusJson {
  return incusQuery(`/1.0/storage-pools/${pool}/volumes/custom/${name}?project=${project}`);
}

/** Runs a shell command in an instance and returns its stdout (throws with stderr on failure). */
export function shIn(instance: string, script: string, project = "default"): string {
  return shellIn(instance, script, { project });
}

/**
 * Names of the volumes in `pool` starting with `prefix` — custom volumes only, or (by default) every type,
 * instance root volumes included — to prove nothing was left behind.
 */
export function volumesWithPrefix(pool: string, prefix: string, type?: "custom", project = "default"): string[] {
  const urls: string[] = incusQuery(`/1.0/storage-pools/${pool}/volumes?project=${project}`) ?? [];
  return urls
    .filter((u) => type === undefined || u.includes(`/volumes/${type}/`))
    .map((u) => decodeURIComponent(u.split("/").pop()!.split("?")[0]))
    .filter((n) => n.startsWith(prefix))
    .sort();
}

/**
 * Last-resort cleanup for afterAll: deletes, by the unique test prefix, whatever a failed test left behind
 * (instances first, then volumes, then networks, projects and pools). Objects without the prefix are never touched.
 */
export function forceCleanup(prefix: string, pools: readonly string[]): void {
  const quiet = (args: string[]) => {
    try {
      execFileSync("incus", args, { stdio: "ignore" });
    } catch {
      /* already gone */
    }
  };
  const list = (path: string): string[] =>
    ((incusQuery(path) as string[] | undefined) ?? []).map((u) =>
      decodeURIComponent(u.split("?")[0].split("/").pop()!),
    );
  const projects = ["default", ...list("/1.0/projects").filter((p) => p.startsWith(prefix))];
  for (const project of projects) {
    for (const name of list(`/1.0/instances?project=${project}`).filter((n) => n.startsWith(prefix))) {
      quiet(["config", "set", name, "security.protection.delete=false", "--project", project]);
      quiet(["delete", "--force", name, "--project", project]);
    }
    for (const pool of [...pools, ...list("/1.0/storage-pools").filter((p) => p.startsWith(prefix))]) {
      for (const vol of volumesWithPrefix(pool, prefix, "custom", project))
        quiet(["storage", "volume", "delete", pool, vol, "--project", project]);
    }
  }
  // Default network names are shortened (15 characters), so they are recognised by their ownership marker.
  for (const net of list("/1.0/networks").filter((n) => /-[0-9a-f]{6}$/.test(n))) {
    const config = incusQuery(`/1.0/networks/${net}`)?.config ?? {};
    if (String(config["user.cdktf-virt.owner"] ?? "").startsWith(prefix)) quiet(["network", "delete", net]);
  }
  for (const net of list("/1.0/networks").filter((n) => n.startsWith(prefix))) quiet(["network", "delete", net]);
  for (const project of projects.filter((p) => p !== "default")) quiet(["project", "delete", project]);
  for (const pool of list("/1.0/storage-pools").filter((p) => p.startsWith(prefix))) quiet(["storage", "delete", pool]);
}

/**
 * The set-up every Incus constructs suite shares: a unique prefix, the daemon required before the tests, and after
 * them every StackRun cleaned up and whatever carries the prefix removed. With `secondImage`, an extra alias of the
 * test image (`<prefix>-img2`) lets a test change an instance's image, which rebuilds it.
 */
export function incusConstructsSuite(
  name: string,
  opts: { secondImage?: boolean } = {},
): { prefix: string; runs: StackRun[]; image2: string } {
  const suite = { prefix: uniqueName(name), runs: [] as StackRun[], image2: "" };
  suite.image2 = `${suite.prefix}-img2`;
  const client = testClient();
  beforeAll(async () => {
    await requireIncus(client);
    if (opts.secondImage) {
      const fingerprint = incusQuery(`/1.0/images/aliases/${TEST_IMAGE}`).target;
      execFileSync("incus", ["image", "alias", "create", suite.image2, fingerprint]);
    }
  });
  afterAll(async () => {
    for (const run of suite.runs) run.cleanup();
    forceCleanup(suite.prefix, [TEST_POOL]);
    if (opts.secondImage) {
      try {
        execFileSync("incus", ["image", "alias", "delete", suite.image2], { stdio: "ignore" });
      } catch {
        /* already gone */
      }
    }
    await client.close();
  });
  return suite;
}

/**
 * The set-up every libvirt constructs suite shares: a unique prefix and stack name, the daemon required and one
 * StackRun made before the tests, everything carrying the prefix removed after them, and `virsh` on the test URI.
 */
export function libvirtConstructsSuite(name: string): {
  prefix: string;
  stackName: string;
  client: LibvirtClient;
  run: StackRun;
  virsh: (...args: string[]) => string;
} {
  const prefix = libvirtTestPrefix(name);
  const suite = {
    prefix,
    stackName: prefix.replace(/-$/, ""),
    client: undefined as unknown as LibvirtClient,
    run: undefined as unknown as StackRun,
    virsh: (...args: string[]) => execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" }).trim(),
  };
  beforeAll(async () => {
    suite.client = await requireLibvirt();
    suite.run = new StackRun(suite.stackName, ["libvirt"]);
  });
  afterAll(async () => {
    try {
      await cleanupLibvirt(suite.client, prefix);
    } finally {
      suite.run?.cleanup();
    }
  });
  return suite;
}
