// Bad input to the incus_* resources, planned by the real terraform: negative, fractional or huge sizes,
// limits.cpu "0", malformed MAC addresses, names with newlines, quotes or markup, file/exec uid/gid/mode out
// of range. Every bad value must be refused when the configuration is validated (before anything is created),
// by an error that points at that resource's attribute (Terraform's snippet shows the line) or names it; every
// good value next to them must not be refused; and no object of the drill ever appears in Incus.
//
// Terraform runs the same validation first in every plan and apply; the drill uses `terraform validate -json`,
// which needs no daemon and reports every resource's errors at once. The fixed table validates every case; the
// generated part (fast-check) draws more bad values of each family.
import fc from "fast-check";
import type { IncusClient } from "../../../../lib/incus";
import { requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../../support/incus";
import { requiredProviders, TerraformWorkspace } from "../../../support/terraform";
import type { RunResult } from "../../../support/terraform";

/** One resource block with one value under test. */
export interface InputCase {
  readonly label: string;
  readonly type: string;
  /** HCL body of the resource; `NAME` is replaced by a unique object name. */
  readonly body: string;
  /** Undefined: must be accepted. Else a text the error's snippet line or message must contain (the attribute). */
  readonly refusedAt?: string;
}

const q = (s: string) => JSON.stringify(s);
const root = `  device {\n    name       = "root"\n    type       = "disk"\n    properties = { path = "/", pool = ${q(
  TEST_POOL,
)} }\n  }`;

// Resource bodies with one value slot each (family → body builder and the attribute it concerns).
const families = {
  instanceCpu: (v: string) => ({
    type: "incus_instance",
    at: "limits.cpu",
    body: `  name = NAME\n  image = ${q(TEST_IMAGE)}\n  config = { "limits.cpu" = ${q(v)} }\n${root}`,
  }),
  instanceMemory: (v: string) => ({
    type: "incus_instance",
    at: "limits.memory",
    body: `  name = NAME\n  image = ${q(TEST_IMAGE)}\n  config = { "limits.memory" = ${q(v)} }\n${root}`,
  }),
  rootSize: (v: string) => ({
    type: "incus_instance",
    at: "size",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n  device {\n    name       = "root"\n    type       = "disk"\n    properties = { path = "/", pool = ${q(
      TEST_POOL,
    )}, size = ${q(v)} }\n  }`,
  }),
  nicHwaddr: (v: string) => ({
    type: "incus_instance",
    at: "hwaddr",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n  running = false\n${root}\n  device {\n    name       = "eth9"\n    type       = "nic"\n    properties = { nictype = "p2p", hwaddr = ${q(
      v,
    )} }\n  }`,
  }),
  instanceName: (v: string) => ({
    type: "incus_instance",
    at: "name",
    body: `  name = ${q(v)}\n  image = ${q(TEST_IMAGE)}\n  running = false\n${root}`,
  }),
  fileUid: (v: string) => ({
    type: "incus_instance",
    at: "uid",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n${root}\n  file {\n    content     = "x"\n    target_path = "/root/x"\n    uid         = ${v}\n  }`,
  }),
  fileGid: (v: string) => ({
    type: "incus_instance",
    at: "gid",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n${root}\n  file {\n    content     = "x"\n    target_path = "/root/x"\n    gid         = ${v}\n  }`,
  }),
  fileMode: (v: string) => ({
    type: "incus_instance",
    at: "mode",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n${root}\n  file {\n    content     = "x"\n    target_path = "/root/x"\n    mode        = ${q(v)}\n  }`,
  }),
  execUid: (v: string) => ({
    type: "incus_instance",
    at: "uid",
    body: `  name = NAME\n  image = ${q(
      TEST_IMAGE,
    )}\n${root}\n  exec = {\n    "a" = { command = ["true"], uid = ${v} }\n  }`,
  }),
  volumeSize: (v: string) => ({
    type: "incus_storage_volume",
    at: "size",
    body: `  name = NAME\n  pool = ${q(TEST_POOL)}\n  config = { size = ${q(v)} }`,
  }),
  volumeName: (v: string) => ({
    type: "incus_storage_volume",
    at: "name",
    body: `  name = ${q(v)}\n  pool = ${q(TEST_POOL)}`,
  }),
  poolSize: (v: string) => ({
    type: "incus_storage_pool",
    at: "volume.size",
    body: `  name = NAME\n  driver = "dir"\n  config = { "volume.size" = ${q(v)} }`,
  }),
  poolName: (v: string) => ({ type: "incus_storage_pool", at: "name", body: `  name = ${q(v)}\n  driver = "dir"` }),
  networkHwaddr: (v: string) => ({
    type: "incus_network",
    at: "bridge.hwaddr",
    body: `  name = NAME\n  config = { "bridge.hwaddr" = ${q(v)} }`,
  }),
  networkName: (v: string) => ({ type: "incus_network", at: "name", body: `  name = ${q(v)}` }),
  profileName: (v: string) => ({ type: "incus_profile", at: "name", body: `  name = ${q(v)}` }),
  profileCpu: (v: string) => ({
    type: "incus_profile",
    at: "limits.cpu",
    body: `  name = NAME\n  config = { "limits.cpu" = ${q(v)} }`,
  }),
  projectName: (v: string) => ({ type: "incus_project", at: "name", body: `  name = ${q(v)}` }),
  projectMemory: (v: string) => ({
    type: "incus_project",
    at: "limits.memory",
    body: `  name = NAME\n  config = { "limits.memory" = ${q(v)} }`,
  }),
  imageAlias: (v: string) => ({
    type: "incus_image",
    at: "name",
    body: `  source_instance = { name = "NAME-none" }\n  alias {\n    name = ${q(v)}\n  }`,
  }),
  snapshotName: (v: string) => ({
    type: "incus_storage_volume_snapshot",
    at: "name",
    body: `  name = ${q(v)}\n  pool = ${q(TEST_POOL)}\n  volume = "NAME-none"`,
  }),
};
type Family = keyof typeof families;

/** Per family: values that must be refused and values that must pass validation. */
const table: Record<Family, { bad: string[]; good: string[] }> = {
  instanceCpu: { bad: ["0", "-2", "1.5", "two", "00"], good: ["2", "0-3", "0,2"] },
  instanceMemory: { bad: ["-1GiB", "1.5GiB", "99999999999TiB", "150%", "0%", "10G"], good: ["512MiB", "50%", "1GB"] },
  rootSize: { bad: ["-8GiB", "1.5GiB", "huge", "99999999999999TiB"], good: ["8GiB", "10GB"] },
  nicHwaddr: {
    bad: ["00:11:22:33:44", "zz:11:22:33:44:55", "00-11-22-33-44-55x", "00:16:3e:aa:bb:cc\n"],
    good: ["00:16:3e:aa:bb:cc"],
  },
  instanceName: { bad: ["bad name", "-lead", "trail-", "a\nb", "x_y", "123", "a".repeat(64)], good: ["web-1", "9abc"] },
  fileUid: { bad: ["-1", "4294967296", "1.5"], good: ["0", "1000"] },
  fileGid: { bad: ["-1", "99999999999"], good: ["1000"] },
  fileMode: { bad: ["0999", "12345", "-644", "rwx"], good: ["0644", "755"] },
  execUid: { bad: ["-5", "2.5"], good: ["0"] },
  volumeSize: { bad: ["-1GiB", "1.5GiB", "99999999999999TiB", "10G", "1 GiB"], good: ["16MiB", "0", "1GB"] },
  volumeName: { bad: ["a/b", "bad\nname", "x'y", "a<b>", ".", ".."], good: ["data-1", "db_x.y"] },
  poolSize: { bad: ["-5GiB", "1.5GiB"], good: ["2GiB"] },
  poolName: { bad: ['a"b', "p&q", "tab\there"], good: ["pool-1"] },
  networkHwaddr: { bad: ["01:02:03", "not-a-mac"], good: ["00:16:3e:00:00:01"] },
  networkName: { bad: ["br<x>", "br x", "br\n"], good: ["br-t1"] },
  profileName: { bad: ["p\nq", "p'&q", 'p"<>', "p/q", "  lead", " "], good: ["web_tier.2"] },
  profileCpu: { bad: ["0", "-1"], good: ["4"] },
  projectName: { bad: ["a&b", "x\ny", "a/b"], good: ["team-a"] },
  projectMemory: { bad: ["-1GiB", "2.5GiB"], good: ["4GiB"] },
  imageAlias: { bad: ["bad alias", "a\nb", 'a"b'], good: ["debian/13/cloud"] },
  snapshotName: { bad: ["s\n1", "s'1", "s<1>"], good: ["snap-1"] },
};

function makeCase(family: Family, value: string, bad: boolean): InputCase {
  const f = families[family](value);
  return {
    label: `${family} ${JSON.stringify(value)}${bad ? "" : " (good)"}`,
    type: f.type,
    body: f.body,
    ...(bad ? { refusedAt: f.at } : {}),
  };
}

/** Every value of the fixed table. */
export function fixedInputCases(): InputCase[] {
  return (Object.keys(table) as Family[]).flatMap((family) => [
    ...table[family].bad.map((v) => makeCase(family, v, true)),
    ...table[family].good.map((v) => makeCase(family, v, false)),
  ]);
}

// Generated values: each family's kind of bad value, drawn anew.
const negativeSize = fc
  .tuple(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom("MiB", "GiB", "GB", ""))
  .map(([n, u]) => `-${n}${u}`);
const fractionalSize = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom("MiB", "GiB"))
  .map(([n, d, u]) => `${n}.${d}${u}`);
const hugeSize = fc.bigInt({ min: 10n ** 7n, max: 10n ** 15n }).map((n) => `${n}EiB`);
const badSize = fc.oneof(negativeSize, fractionalSize, hugeSize);
const badMac = fc.oneof(
  fc
    .array(
      fc.integer({ min: 0, max: 255 }).map((b) => b.toString(16).padStart(2, "0")),
      { minLength: 1, maxLength: 5 },
    )
    .map((p) => p.join(":")),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$/.test(s)),
);
const FORBIDDEN = ["\n", "\t", "'", '"', "<", ">", "&", "/", " "];
const badName = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
    fc.constantFrom(...FORBIDDEN),
    fc.stringMatching(/^[a-z0-9]{0,5}$/),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);
const badId = fc.oneof(
  fc.integer({ min: -100_000, max: -1 }).map(String),
  fc.bigInt({ min: 4294967296n, max: 10n ** 12n }).map(String),
);

export const generatedBadCase: fc.Arbitrary<InputCase> = fc.oneof(
  badSize.chain((v) =>
    fc
      .constantFrom<Family>("volumeSize", "rootSize", "instanceMemory", "projectMemory", "poolSize")
      .map((f) => makeCase(f, v, true)),
  ),
  badMac.chain((v) => fc.constantFrom<Family>("nicHwaddr", "networkHwaddr").map((f) => makeCase(f, v, true))),
  badName.chain((v) =>
    fc
      .constantFrom<Family>(
        "profileName",
        "volumeName",
        "projectName",
        "poolName",
        "networkName",
        "snapshotName",
        "instanceName",
      )
      .map((f) => makeCase(f, v, true)),
  ),
  badId.chain((v) => fc.constantFrom<Family>("fileUid", "fileGid", "execUid").map((f) => makeCase(f, v, true))),
  fc.integer({ min: -64, max: 0 }).map((n) => makeCase("instanceCpu", String(n), true)),
);

// ---------------------------------------------------------------------------------------------------------------

interface PlanDiagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail?: string;
  readonly snippet?: { readonly context?: string; readonly code: string };
}

/** Error diagnostics of `terraform validate -json` (one JSON document). */
function planErrors(stdout: string): PlanDiagnostic[] {
  try {
    const doc = JSON.parse(stdout) as { diagnostics?: PlanDiagnostic[] };
    return (doc.diagnostics ?? []).filter((d) => d.severity === "error");
  } catch {
    return [{ severity: "error", summary: "terraform validate printed no JSON", detail: stdout }];
  }
}

const show = (d: PlanDiagnostic) =>
  `${d.summary} [${d.snippet?.context ?? "?"}: ${d.snippet?.code.trim() ?? ""}]: ${d.detail ?? ""}`;

/** Problems with one plan of `cases` (labels r0, r1, ...), or an empty list when every case behaved. */
export function judgeInputPlan(cases: readonly InputCase[], r: RunResult): string[] {
  const errors = planErrors(r.stdout);
  const broken: string[] = [];
  if (/panic:|plugin (crashed|exited)|Plugin did not respond|rpc error/i.test(r.output))
    broken.push(`the provider crashed:\n${r.output}`);
  cases.forEach((c, i) => {
    const mine = errors.filter((d) => d.snippet?.context === `resource "${c.type}" "r${i}"`);
    if (c.refusedAt === undefined) {
      if (mine.length) broken.push(`${c.label}: a good value was refused: ${mine.map(show).join(" | ")}`);
      return;
    }
    const at = c.refusedAt;
    const names = (d: PlanDiagnostic) => d.snippet!.code.includes(at) || `${d.summary}\n${d.detail ?? ""}`.includes(at);
    if (!mine.some(names))
      broken.push(
        `${c.label}: not refused at validation naming ${at}${
          mine.length ? `; its errors: ${mine.map(show).join(" | ")}` : ""
        }`,
      );
  });
  const unclaimed = errors.filter((d) => !cases.some((c, i) => d.snippet?.context === `resource "${c.type}" "r${i}"`));
  for (const d of unclaimed) broken.push(`an error of no case: ${show(d)}`);
  const mustFail = cases.some((c) => c.refusedAt !== undefined);
  if (r.code !== (mustFail ? 1 : 0))
    broken.push(`terraform validate exited with ${r.code}, expected ${mustFail ? 1 : 0}`);
  return broken;
}

export interface ResourceInputSuiteOptions {
  readonly tag: string;
  /** Generated validations after the fixed table, each of `batch` generated bad cases. */
  readonly runs: number;
  readonly timeoutMs: number;
}

/** The drill as a suite (the CI and heavy test files differ in the number of generated runs). */
export function resourceInputSuite(o: ResourceInputSuiteOptions): void {
  let client: IncusClient;
  let ws: TerraformWorkspace;
  let prefix = "";
  let initialized = false;
  let n = 0;

  beforeAll(async () => {
    client = testClient();
    await requireIncus(client);
    prefix = uniqueName(o.tag);
    ws = TerraformWorkspace.create({ providers: ["incus"], prefix: `${prefix}-in` });
  });

  afterAll(async () => {
    ws?.cleanup();
    await client?.close();
  });

  /** terraform validate -json: Terraform's ValidateResourceConfig pass of every plan, before anything is read or created. */
  async function check(cases: readonly InputCase[]): Promise<string[]> {
    const blocks = cases.map((c, i) => {
      const name = `${prefix}-${n++}`;
      return `resource "${c.type}" "r${i}" {\n${c.body
        .replace(/"NAME-none"/g, q(`${name}-none`))
        .replace(/NAME/g, q(name))}\n}`;
    });
    ws.write("main.tf", `${requiredProviders(["incus"])}\nprovider "incus" {}\n\n${blocks.join("\n\n")}\n`);
    if (!initialized) {
      await ws.init();
      initialized = true;
    }
    return judgeInputPlan(cases, await ws.run(["validate", "-json", "-no-color"], { timeoutMs: 300_000 }));
  }

  async function nothingCreated(): Promise<string[]> {
    const found: string[] = [];
    const mine = (names: string[]) => names.filter((x) => x.startsWith(prefix));
    found.push(...mine((await client.instances.list()).map((i) => i.name)));
    found.push(...mine((await client.profiles.list()).map((p) => p.name)));
    found.push(...mine((await client.storageVolumes.list(TEST_POOL)).map((v) => v.name)));
    found.push(...mine((await client.networks.list()).map((x) => x.name)));
    found.push(...mine((await client.projects.list()).map((x) => x.name)));
    found.push(...mine((await client.storagePools.list()).map((x) => x.name)));
    return found;
  }

  test(
    "every bad value in the table is refused at validation naming its attribute; good values pass; nothing is created",
    async () => {
      const cases = fixedInputCases();
      const bad = cases.filter((c) => c.refusedAt !== undefined);
      const good = cases.filter((c) => c.refusedAt === undefined);
      const problems = [...(await check(bad)), ...(await check(good))];
      expect(problems).toEqual([]);
      expect(await nothingCreated()).toEqual([]);
    },
    o.timeoutMs,
  );

  test(
    "generated bad values are refused naming the attribute; nothing is created",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(generatedBadCase, { minLength: 1, maxLength: 12 }), async (cases) => {
          const problems = await check(cases);
          if (problems.length) throw new Error(problems.join("\n"));
        }),
        { numRuns: o.runs, endOnFailure: true },
      );
      expect(await nothingCreated()).toEqual([]);
    },
    o.timeoutMs,
  );
}
