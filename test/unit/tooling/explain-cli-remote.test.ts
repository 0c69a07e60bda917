// The restore command explain prints names the remote as the user's incus command-line client knows it (by the
// address of the stack's provider remote), exactly as the provider prints it on apply: never the provider's remote
// name (an IncusHost's construct id), which the CLI does not know.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { explainPlan, renderExplainText } from "../../../lib/tooling";
import { change, homelabPriorState, homelabStack, planOf } from "./support/plans";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An environment whose incus client configuration is the given config.yml (none: no file). */
function cliEnv(configYml?: string): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), "explain-cli-remote-"));
  dirs.push(dir);
  if (configYml !== undefined) writeFileSync(join(dir, "config.yml"), configYml);
  return { INCUS_CONF: dir, HOME: dir };
}

/** The homelab stack with its remote "lab" at `address`; a snapshot-policy volume of it removed from the code. */
function restoreOf(address: string, env: NodeJS.ProcessEnv) {
  const stack = homelabStack((json) => (json.provider.incus[0].remote[0].address = address));
  const values = {
    name: "homelab-archive",
    pool: "homelab-pool",
    type: "custom",
    remote: "lab",
    project: "prod",
    config: {
      "user.cdktf-virt.owner": "homelab/archive",
      "user.cdktf-virt.lifecycle": "persistent",
      "user.cdktf-virt.removal-policy": "snapshot",
    },
  };
  const plan = planOf(
    [change("incus_storage_volume.archive", "delete", values, null, { reason: "delete_because_no_resource_config" })],
    [...homelabPriorState(), { address: "incus_storage_volume.archive", values, depends_on: [] }],
  );
  const report = explainPlan(plan, stack, env);
  return {
    removal: report.volumes.find((v) => v.address === "incus_storage_volume.archive")?.removal,
    text: renderExplainText(report),
  };
}

/** The placeholder's <> are quoted for the shell, as any word the shell would not read back unchanged. */
const COPY = "homelab-pool/homelab-archive-final-<yyyymmddThhmmssZ>";

describe("explain: restore commands name the incus client's remote", () => {
  test("the local socket is the client's default remote: no prefix at all", () => {
    const { removal, text } = restoreOf("unix://", cliEnv());
    expect(removal?.finalCopy).toEqual({
      pool: "homelab-pool",
      name: "homelab-archive-final-<yyyymmddThhmmssZ>",
      restore: `incus storage volume copy '${COPY}' homelab-pool/homelab-archive --project prod`,
    });
    expect(text).not.toContain("lab:");
  });

  test("an https host the client knows under another name: that name", () => {
    const env = cliEnv(
      "default-remote: local\nremotes:\n  hyper:\n    addr: https://10.0.0.2:8443\n    protocol: incus\n",
    );
    expect(restoreOf("https://10.0.0.2:8443", env).removal?.finalCopy?.restore).toBe(
      `incus storage volume copy 'hyper:${COPY}' hyper:homelab-pool/homelab-archive --project prod`,
    );
  });

  test("an https host the client does not know: the remote to add first", () => {
    const { removal, text } = restoreOf("https://10.0.0.2:8443", cliEnv());
    expect(removal?.finalCopy).toMatchObject({
      restore: `incus storage volume copy 'lab:${COPY}' lab:homelab-pool/homelab-archive --project prod`,
      addRemote: "incus remote add lab https://10.0.0.2:8443",
    });
    expect(text).toContain("run incus remote add lab https://10.0.0.2:8443 first");
  });
});
