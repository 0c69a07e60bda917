// Builds the incus_instance configuration of an Instance: config keys (ownership, protection, limits,
// cloud-init, user config) and device blocks (root disk, NIC, attached volumes, extra devices).
import type { IConstruct } from "constructs";
import type { IncusDeviceConfig, IncusExecConfig, IncusFileConfig } from "../../bindings";
import { incusOwnershipConfig, instanceProtectionConfig, INCUS_DELETE_PROTECTION_KEY, OWNER_CONFIG_KEY, PROTECT_CONFIG_KEY } from "../../lifecycle";
import type { CloudInitConfig, InstanceExec, InstanceFile } from "../provisioning";
import { fail } from "./errors";
import { rejectManagedKeys } from "./placement";

const KIND = "Instance";

export interface IncusConfigInput {
  readonly protect: boolean;
  readonly memory?: string;
  readonly vcpus?: number;
  readonly cloudInit?: CloudInitConfig;
  readonly config?: { readonly [key: string]: string };
}

/** The instance's config map; user keys that would fight a prop are errors naming the prop to use. */
export function incusInstanceConfig(scope: IConstruct, input: IncusConfigInput): { [key: string]: string } {
  const managed: { [key: string]: string } = {
    [OWNER_CONFIG_KEY]: "it carries the ownership marker",
    [PROTECT_CONFIG_KEY]: "set the `protect` prop",
    [INCUS_DELETE_PROTECTION_KEY]: "set the `protect` prop",
    "volatile.": "Incus sets volatile keys itself",
    "image.": "image keys come from the image",
  };
  if (input.memory !== undefined) managed["limits.memory"] = "it comes from the `memory` prop";
  if (input.vcpus !== undefined) managed["limits.cpu"] = "it comes from the `vcpus` prop";
  if (input.cloudInit !== undefined) managed["cloud-init."] = "it comes from the `cloudInit` prop";
  rejectManagedKeys(scope, KIND, input.config, managed);
  const cloudInit = input.cloudInit ?? {};
  return dropUndefined({
    "limits.memory": input.memory,
    "limits.cpu": input.vcpus !== undefined ? String(input.vcpus) : undefined,
    "cloud-init.user-data": cloudInit.userData,
    "cloud-init.vendor-data": cloudInit.vendorData,
    "cloud-init.network-config": cloudInit.networkConfig,
    ...input.config,
    ...instanceProtectionConfig(input.protect),
    ...incusOwnershipConfig(scope),
  });
}

/** `file` blocks, sorted by path; paths must be absolute. */
export function incusFiles(scope: IConstruct, files: readonly InstanceFile[] | undefined): IncusFileConfig[] | undefined {
  if (files === undefined) return undefined;
  const seen = new Set<string>();
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => {
      if (!file.path.startsWith("/")) fail(scope, KIND, "files", `"${file.path}" is not an absolute path`);
      if (seen.has(file.path)) fail(scope, KIND, "files", `"${file.path}" is given twice`);
      if (file.mode !== undefined && !/^0?[0-7]{3,4}$/.test(file.mode)) {
        fail(scope, KIND, "files", `mode "${file.mode}" of "${file.path}" is not an octal mode like "0644"`);
      }
      seen.add(file.path);
      return {
        targetPath: file.path,
        content: file.content,
        mode: file.mode,
        uid: file.uid,
        gid: file.gid,
        createDirectories: file.createDirectories,
      };
    });
}

/** The `exec` map. */
export function incusExec(
  scope: IConstruct,
  exec: { readonly [name: string]: InstanceExec } | undefined,
): { [name: string]: IncusExecConfig } | undefined {
  if (exec === undefined) return undefined;
  const out: { [name: string]: IncusExecConfig } = {};
  for (const name of Object.keys(exec).sort()) {
    const entry = exec[name];
    if (!Array.isArray(entry.command) || entry.command.length === 0) {
      fail(scope, KIND, "exec", `entry "${name}" needs a non-empty command, e.g. ["sh", "-c", "…"]`);
    }
    out[name] = {
      command: [...entry.command],
      environment: entry.environment,
      workingDir: entry.workingDir,
      uid: entry.uid,
      gid: entry.gid,
      timeout: entry.timeout,
      trigger: entry.runOnce ? "once" : undefined,
    };
  }
  return out;
}

/** Devices sorted by name (the provider's device blocks form a set). */
export function sortDevices(devices: readonly IncusDeviceConfig[]): IncusDeviceConfig[] {
  return [...devices].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function dropUndefined(map: { [key: string]: string | undefined }): { [key: string]: string } {
  const out: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(map)) if (value !== undefined) out[key] = value;
  return out;
}
