// incus_instance secrets: a unique secret planted in cloud-init user-data, in a file block's content, in an exec
// entry's command (an argument) and in its environment, with an exec that fails after echoing both to its output
// (the output is printed in the diagnostic, scrubbed of every sensitive value it repeats). The secrets must
// not appear in plan or apply output, in any diagnostic, in `terraform show`, or in the provider's trace log; the
// state keeps the values (Terraform needs them) but records them as sensitive.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { TEST_IMAGE, TEST_POOL, removeInstanceLater } from "../../support/incus";
import type { RunResult } from "../../support/terraform";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(240_000);

describe("incus_instance secrets", () => {
  let h: Harness;
  let name = "";
  let logPath = "";
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const secrets = {
    "cloud-init user-data": `S3cr3t-userdata-${tag}`,
    "file content": `S3cr3t-file-${tag}`,
    "exec command": `S3cr3t-command-${tag}`,
    "exec environment": `S3cr3t-env-${tag}`,
  };

  beforeAll(async () => {
    h = await harness("sec");
    name = h.name();
    logPath = join(h.ws.root, "provider.log");
    removeInstanceLater(h.client, h.cleanup, name);
    h.config(`
resource "incus_instance" "c" {
  name  = "${name}"
  image = "${TEST_IMAGE}"
  config = {
    "user.purpose"         = "secrets test"
    "cloud-init.user-data" = sensitive("#cloud-config\\nchpasswd: { list: 'root:${secrets["cloud-init user-data"]}' }\\n")
  }
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
  file {
    content     = "password=${secrets["file content"]}\\n"
    target_path = "/root/secret.conf"
  }
  exec = {
    "10-fails" = {
      command     = ["sh", "-c", "echo \\"token $0\\"; echo \\"env $DB_PASSWORD\\" >&2; exit 3", "${secrets["exec command"]}"]
      environment = { DB_PASSWORD = "${secrets["exec environment"]}" }
    }
  }
}
`);
  });

  afterAll(async () => {
    await h?.close();
  });

  const traced = (): NodeJS.ProcessEnv => ({ TF_LOG_PROVIDER: "trace", TF_LOG_PATH: logPath });

  function leaks(where: string, text: string): string[] {
    return Object.entries(secrets)
      .filter(([, s]) => text.includes(s))
      .map(([what]) => `${what} secret appears in ${where}`);
  }

  async function run(args: string[]): Promise<RunResult> {
    await h.run(["version"]); // terraform init on first use
    return h.ws.run(args, { env: traced(), timeoutMs: 180_000 });
  }

  test("plan output shows (sensitive value) and no secret", async () => {
    const plan = await run(["plan", "-input=false", "-no-color"]);
    expect(plan.code).toBe(0);
    expect(plan.output).toMatch(/\(sensitive value\)/);
    expect(leaks("plan output", plan.output)).toEqual([]);
  });

  test("a failing exec: the diagnostic says what failed, capped output, no secret in output, log or state display", async () => {
    const apply = await run(["apply", "-auto-approve", "-input=false", "-no-color"]);
    expect(apply.code).toBe(1);
    expect(apply.output).toMatch(/10-fails/);
    expect(apply.output).toMatch(/exited with status 3/);
    // The command's output is shown (the user's diagnosis), with the values it repeats scrubbed.
    expect(apply.output).toMatch(/token \(sensitive value\)/);
    expect(apply.output).toMatch(/env \(sensitive value\)/);
    expect(leaks("apply output and diagnostics", apply.output)).toEqual([]);
    // The object exists (tainted), the file arrived with its secret: the values reached Incus, only printing is hidden.
    const file = (await h.client.instanceFiles.pull(name, "/root/secret.conf")).toString("utf8");
    expect(file).toContain(secrets["file content"]);

    expect(existsSync(logPath)).toBe(true);
    const log = readFileSync(logPath, "utf8");
    expect(log).toMatch(/tf_rpc|ApplyResourceChange/); // the provider did log at trace level
    expect(leaks("the provider's trace log", log)).toEqual([]);

    const show = await run(["show", "-no-color"]);
    expect(show.code).toBe(0);
    expect(leaks("terraform show", show.output)).toEqual([]);

    // The state holds the values, marked sensitive so Terraform hides them.
    const state = JSON.parse(readFileSync(join(h.ws.dir, "terraform.tfstate"), "utf8")) as {
      resources: { instances: { sensitive_attributes: unknown[] }[] }[];
    };
    const marked = JSON.stringify(state.resources[0].instances[0].sensitive_attributes);
    expect(marked).toMatch(/"value":"file"/); // a set's elements have no address: Terraform marks the whole set
    expect(marked).toMatch(/"command"/);
    expect(marked).toMatch(/"environment"/);
    expect(marked).toMatch(/cloud-init\.user-data/);
  });

  test("the next plan (refresh, replacement of the tainted instance) still hides every secret", async () => {
    const plan = await run(["plan", "-input=false", "-no-color"]);
    expect(plan.code).toBe(0);
    expect(plan.output).toMatch(/tainted|replaced/);
    expect(leaks("the second plan", plan.output)).toEqual([]);
    expect(leaks("the provider's trace log", readFileSync(logPath, "utf8"))).toEqual([]);
  });
});
