// The set-up the libvirt provider's terraform test files share: one workspace for the whole file, opened after the
// libvirtd precheck (a missing daemon fails the file loudly) and torn down after the last test — terraform destroy
// first, then removal of whatever still carries the file's prefix, then the workspace directory.
import type { LibvirtClient } from "../../../../lib/libvirt";
import { cleanupLibvirt, requireLibvirt } from "../../../support/libvirt";
import type { TerraformWorkspace } from "../../../support/terraform";
import { libvirtWorkspace } from "../harness";

export interface LibvirtWorkspaceSuite {
  /** The libvirt client (available from the first test on). */
  readonly client: LibvirtClient;
  /** The file's terraform workspace, initialised (available from the first test on). */
  readonly ws: TerraformWorkspace;
}

/**
 * Registers beforeAll/afterAll hooks for a workspace whose objects all start with `prefix`. `firstConfig` returns
 * the main.tf written before `terraform init`; it gets the new workspace (e.g. to place files under `ws.root`).
 */
export function libvirtWorkspaceSuite(
  prefix: string,
  firstConfig: (ws: TerraformWorkspace) => string,
): LibvirtWorkspaceSuite {
  let client: LibvirtClient | undefined;
  let ws: TerraformWorkspace | undefined;

  beforeAll(async () => {
    client = await requireLibvirt();
    ws = libvirtWorkspace(prefix);
    ws.write("main.tf", firstConfig(ws));
    await ws.init();
  });

  afterAll(async () => {
    try {
      if (ws) await ws.run(["destroy", "-auto-approve", "-input=false"]);
    } finally {
      try {
        if (client) await cleanupLibvirt(client, prefix);
      } finally {
        ws?.cleanup();
      }
    }
  });

  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`the libvirt ${what} for ${prefix} is not open: it is set up in beforeAll, use it inside tests`);
    return value;
  };
  return {
    get client() {
      return opened(client, "client");
    },
    get ws() {
      return opened(ws, "workspace");
    },
  };
}
