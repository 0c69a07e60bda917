// The daemons: Incus answers GET /1.0 on its unix socket and trusts us; libvirt answers `virsh version`.
import * as fs from "node:fs";
import { IncusClient } from "../../incus";
import type { Server } from "../../incus";
import type { CommandResult } from "../common/process";
import { absent, fail, ok } from "./check-result";
import type { CheckResult } from "./check-result";

/** What asking the Incus socket gave: the server document or the error. */
export type IncusProbe = { readonly server: Server } | { readonly error: unknown };

/** Asks the daemon behind the socket for GET /1.0 (10 s budget). */
export async function probeIncus(socketPath: string): Promise<IncusProbe> {
  const client = new IncusClient({
    remote: { kind: "unix", socketPath },
    requestTimeoutMs: 10_000,
    connectTimeoutMs: 5_000,
  });
  try {
    return { server: (await client.server.get({ timeoutMs: 10_000 })).value };
  } catch (error) {
    return { error };
  } finally {
    await client.close().catch(() => undefined);
  }
}

const START_INCUS = "start the daemon (`systemctl start incus`, or `incusd --group incus-admin &`)";

/** Judges an Incus probe. `socketExists` separates "not installed here" from "installed but broken". */
export function checkIncus(
  socketPath: string,
  socketExists: boolean,
  probe: IncusProbe | undefined,
  required: boolean,
): CheckResult {
  if (!socketExists || probe === undefined) {
    return absent(
      "incus",
      required,
      `no Incus socket at ${socketPath}`,
      `install Incus and ${START_INCUS}, or point INCUS_SOCKET / INCUS_DIR at its socket (only needed for Incus hosts)`,
    );
  }
  if ("server" in probe) {
    const { server } = probe;
    const version = server.environment?.server_version ?? "?";
    if (server.auth !== "trusted") {
      return fail(
        "incus",
        `Incus ${version} at ${socketPath} answers but does not trust this user (auth: ${server.auth})`,
        "add your user to the incus-admin group (`sudo usermod -aG incus-admin $USER`, then log in again), or run as root",
      );
    }
    return ok("incus", `Incus ${version} at ${socketPath} (trusted, API ${server.api_version})`);
  }
  const error = probe.error as { code?: string; message?: string; cause?: { code?: string } };
  const causeCode = error.cause?.code;
  if (causeCode === "EACCES" || error.code === "FORBIDDEN") {
    return fail(
      "incus",
      `permission denied on ${socketPath}`,
      "add your user to the incus-admin group (`sudo usermod -aG incus-admin $USER`, then log in again), or run as root",
    );
  }
  if (causeCode === "ECONNREFUSED" || causeCode === "ENOENT" || error.code === "CONNECTION") {
    return fail("incus", `nothing answers on ${socketPath} (${error.message ?? "connection refused"})`, START_INCUS);
  }
  if (error.code === "TIMEOUT")
    return fail(
      "incus",
      `Incus at ${socketPath} did not answer within 10 s`,
      `check the daemon's log; restart it (${START_INCUS})`,
    );
  return fail(
    "incus",
    `Incus at ${socketPath} failed: ${error.message ?? String(probe.error)}`,
    `check the daemon's log; ${START_INCUS}`,
  );
}

export function socketExists(socketPath: string): boolean {
  try {
    return fs.statSync(socketPath).isSocket();
  } catch {
    return false;
  }
}

/** Judges `virsh -c <uri> version`. */
export function checkLibvirt(uri: string, result: CommandResult, required: boolean): CheckResult {
  switch (result.kind) {
    case "missing":
      return absent(
        "libvirt",
        required,
        "virsh is not installed",
        "install libvirt's client and daemon (Debian: apt-get install libvirt-clients libvirt-daemon-system) (only needed for libvirt hosts)",
      );
    case "failed-to-start":
      return fail("libvirt", `cannot run virsh: ${result.message}`, "check the virsh installation");
    case "timeout":
      return fail(
        "libvirt",
        `\`virsh -c ${uri} version\` did not answer within 30 s`,
        "check that libvirtd runs and is not stuck (`virsh -c " + uri + " list`)",
      );
    default:
      break;
  }
  if (result.code !== 0) {
    const message =
      (result.stderr || result.stdout)
        .trim()
        .split("\n")
        .find((l) => l.trim() !== "") ?? `exit ${result.code}`;
    const denied = /permission denied|authentication/i.test(message);
    return fail(
      "libvirt",
      `cannot connect to ${uri}: ${message.replace(/^error:\s*/i, "")}`,
      denied
        ? "add your user to the libvirt group (`sudo usermod -aG libvirt $USER`, then log in again), or run as root"
        : "start libvirtd (`systemctl start libvirtd`, or `virtlogd -d; libvirtd -d`) and check the URI",
    );
  }
  const library = /Using library: libvirt (\S+)/.exec(result.stdout)?.[1];
  const hypervisor = /Running hypervisor: (.+)/.exec(result.stdout)?.[1]?.trim();
  return ok("libvirt", `libvirt ${library ?? "?"}${hypervisor ? `, ${hypervisor}` : ""} via ${uri}`);
}
