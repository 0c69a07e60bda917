// Shared set-up for the incus provider's integration tests (provider, project, network, storage, profile,
// image, compat): a terraform workspace with the bundled provider, a REST client for assertions, unique
// names, and checks on plans.
import type { IncusClient } from "../../../lib/incus";
import { Cleanup, requireIncus, testClient, uniqueName } from "../../support/incus";
import type { RunResult } from "../../support/terraform";
import { TerraformWorkspace, requiredProviders } from "../../support/terraform";

export interface Harness {
  readonly ws: TerraformWorkspace;
  readonly client: IncusClient;
  readonly cleanup: Cleanup;
  /** A unique object name for this test file: `t-<area>-<hex>[-suffix]`. */
  name(suffix?: string): string;
  /** Writes main.tf: required_providers, a provider block (`provider` = its body) and `body`. */
  config(body: string, provider?: string): void;
  /** terraform apply -auto-approve (runs terraform init first when needed); throws on failure. */
  apply(extra?: readonly string[]): Promise<RunResult>;
  /** terraform apply that is expected to fail; returns its result. */
  applyFails(extra?: readonly string[]): Promise<RunResult>;
  /** Any terraform command (init first when needed); never throws on a non-zero exit. */
  run(args: readonly string[]): Promise<RunResult>;
  /** terraform import (init first when needed). */
  import(address: string, id: string): Promise<RunResult>;
  /**
   * terraform destroy -refresh=false: the provider's delete runs even for objects that vanished out of band
   * (a refreshing destroy would drop them from state first).
   */
  destroyWithoutRefresh(): Promise<RunResult>;
  /** Runs plan -detailed-exitcode and fails unless it reports no changes. */
  expectNoChanges(): Promise<void>;
  /** Runs plan -detailed-exitcode and returns its output, failing unless it reports changes. */
  expectChanges(): Promise<string>;
  /** Destroys whatever terraform still tracks, runs the REST cleanup steps, removes the workspace. */
  close(): Promise<void>;
}

/** Creates a workspace after checking that incusd is reachable; terraform init runs on the first command. */
export async function harness(area: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<Harness> {
  const client = testClient();
  await requireIncus(client);
  const base = uniqueName(area);
  const ws = TerraformWorkspace.create({ providers: ["incus"], prefix: `t-tf-${area}`, env: opts.env });
  const cleanup = new Cleanup();
  let initialised = false;
  const init = async (): Promise<void> => {
    if (initialised) return;
    await ws.init();
    initialised = true;
  };
  const h: Harness = {
    ws,
    client,
    cleanup,
    name: (suffix) => (suffix ? `${base}-${suffix}` : base),
    config(body, provider = "") {
      ws.write("main.tf", `${requiredProviders(["incus"])}\nprovider "incus" {\n${provider}\n}\n\n${body}\n`);
    },
    async apply(extra = []) {
      await init();
      return ws.apply(extra);
    },
    async applyFails(extra = []) {
      await init();
      const r = await ws.run(["apply", "-auto-approve", "-input=false", ...extra]);
      if (r.code === 0) throw new Error(`expected terraform apply to fail, but it succeeded:\n${r.output}`);
      return r;
    },
    async run(args) {
      await init();
      return ws.run(args);
    },
    async import(address, id) {
      await init();
      return ws.import(address, id);
    },
    async destroyWithoutRefresh() {
      await init();
      return ws.ok(["destroy", "-auto-approve", "-input=false", "-refresh=false"]);
    },
    async expectNoChanges() {
      await init();
      const r = await ws.plan();
      if (r.code !== 0) throw new Error(`expected an empty plan, got exit code ${r.code}:\n${r.output}`);
    },
    async expectChanges() {
      await init();
      const r = await ws.plan();
      if (r.code !== 2) throw new Error(`expected a plan with changes, got exit code ${r.code}:\n${r.output}`);
      return r.output;
    },
    async close() {
      try {
        if (initialised) await ws.run(["destroy", "-auto-approve", "-input=false"]);
        await cleanup.run();
      } finally {
        await client.close();
        ws.cleanup();
      }
    },
  };
  return h;
}

/** terraform output that must mention `pattern`; shows the whole output when it does not. */
export function expectOutput(result: RunResult, pattern: RegExp): void {
  if (!pattern.test(result.output)) throw new Error(`expected terraform output to match ${pattern}:\n${result.output}`);
}
