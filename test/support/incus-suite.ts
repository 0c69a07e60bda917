// The set-up every test file that drives the real incusd starts with: one client, checked before the first test
// (a missing daemon fails the file loudly), and a Cleanup whose steps run after the last test, with the client
// closed even when a step fails. The terraform variant adds workspaces with the bundled incus provider, removed
// after the last test as well, and the HCL pieces its configurations share.
import type { IncusClient } from "../../lib/incus";
import { Cleanup, TEST_POOL, removeInstanceLater, requireIncus, testClient } from "./incus";
import type { PrecheckOptions } from "./incus";
import { TerraformWorkspace, requiredProviders } from "./terraform";

export interface IncusSuite {
  /** The client for the local daemon: checked in beforeAll, closed in afterAll. */
  readonly client: IncusClient;
  /** Undo steps, run in reverse order in afterAll. */
  readonly cleanup: Cleanup;
  /** Registers the removal (forced stop, then delete) of an instance a test creates. */
  removeInstance(name: string, project?: string): void;
}

/**
 * Registers the suite's beforeAll and afterAll hooks in the calling scope (a file or a describe block).
 * `beforeRestCleanup` runs first in afterAll, for what is not an Incus object (local files).
 */
function registerSuite(options: PrecheckOptions, beforeRestCleanup: () => void): IncusSuite {
  const client = testClient();
  const cleanup = new Cleanup();
  beforeAll(async () => {
    await requireIncus(client, options);
  });
  afterAll(async () => {
    beforeRestCleanup();
    try {
      await cleanup.run();
    } finally {
      await client.close();
    }
  });
  return {
    client,
    cleanup,
    removeInstance: (name, project) => removeInstanceLater(client, cleanup, name, project),
  };
}

/** A client and a cleanup for tests that talk to incusd through the REST client. */
export function incusSuite(options: PrecheckOptions = {}): IncusSuite {
  return registerSuite(options, () => undefined);
}

export interface IncusTerraformSuite extends IncusSuite {
  /** A new workspace with the bundled incus provider, `main` written to main.tf and terraform init run. */
  workspace(prefix: string, main: string): Promise<TerraformWorkspace>;
}

/** An incus suite whose tests also drive the real terraform with the bundled incus provider. */
export function incusTerraformSuite(options: PrecheckOptions = {}): IncusTerraformSuite {
  const workspaces: TerraformWorkspace[] = [];
  const suite = registerSuite(options, () => {
    for (const ws of workspaces) ws.cleanup();
  });
  return {
    ...suite,
    async workspace(prefix, main) {
      const ws = TerraformWorkspace.create({ providers: ["incus"], prefix });
      workspaces.push(ws);
      ws.write("main.tf", main);
      await ws.init();
      return ws;
    },
  };
}

/** HCL: the required_providers block and an incus provider block for the local daemon. */
export const INCUS_PROVIDER_HCL = `${requiredProviders(["incus"])}\nprovider "incus" {}\n`;

/** HCL: the root disk device block every test instance needs (this host's default profile has none). */
export function rootDeviceHcl(pool: string = TEST_POOL): string {
  return `  device {
    name = "root"
    type = "disk"
    properties = {
      path = "/"
      pool = ${JSON.stringify(pool)}
    }
  }`;
}
