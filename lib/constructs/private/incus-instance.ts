// The Incus backend of an Instance: the incus_instance resource with its config keys (ownership, protection,
// limits, cloud-init, user config) and device blocks (root disk, NIC, attached volumes, extra devices), and the
// checks of volumes attached to it.
import type { Construct, IConstruct } from "constructs";
import { IncusInstanceResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import type { IncusDeviceConfig, IncusExecConfig, IncusFileConfig } from "../../bindings";
import {
  incusOwnershipConfig,
  instanceProtectionConfig,
  INCUS_DELETE_PROTECTION_KEY,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
} from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import { InstanceType } from "../model/instance-props";
import type { IncusInstanceOptions, RootDiskOptions } from "../model/instance-props";
import type { IProject } from "../model/project-props";
import type { CloudInitConfig, InstanceExec, InstanceFile } from "../model/provisioning";
import { VolumeContentType } from "../model/volume-props";
import { IncusProviderSource } from "../model/incus-host-props";
import { isIpv4 } from "./addresses";
import { checkSameMember, clusterTarget } from "./cluster-target";
import { devicesToBlocks } from "./devices";
import { CHANGE_RECORD_KEYS, incusChangeRecords } from "./incus-change-records";
import { requireBundledProvider } from "./official-provider";
import { fail } from "./errors";
import type { Attachment, DeviceCheck } from "./generation";
import type { CommonInstanceInput, InstanceBackend } from "./instance-backend";
import { volumeNameForDevice } from "./name-reference";
import { nonDefaultProject, rejectManagedKeys } from "./placement";
import { parseSize } from "./sizes";

const KIND = "Instance";

/** Validates the Incus options and creates the incus_instance (child "Default" of the Instance). */
export function incusInstance(
  scope: Construct,
  host: IncusHostLike,
  input: CommonInstanceInput,
  options: Partial<IncusInstanceOptions>,
): InstanceBackend {
  const type = options.type ?? InstanceType.CONTAINER;
  if (!Object.values(InstanceType).includes(type))
    fail(scope, KIND, "type", `"${String(type)}" is not an instance type; use "container" or "virtual-machine"`);
  const image = options.image;
  if (image === undefined || image === "")
    return fail(scope, KIND, "image", `an Incus instance needs an image alias or fingerprint, e.g. "debian-13"`);
  if (options.project && options.project.host !== host)
    fail(scope, KIND, "project", `the project "${options.project.node.path}" is on another host`);
  if (!input.running && (options.files || options.exec))
    fail(
      scope,
      KIND,
      options.files ? "files" : "exec",
      "files and exec need a running instance; drop `running: false`",
    );
  const memory = input.memory !== undefined && !isToken(input.memory) ? parseSize(input.memory) : undefined;
  if (memory && "error" in memory) fail(scope, KIND, "memory", memory.error);
  const project = nonDefaultProject(options.project)?.projectName;
  const target = clusterTarget(scope, KIND, "target", host, options.target, true);
  const fixed = [...(devicesToBlocks(scope, KIND, options.devices) ?? [])];
  if (options.rootDisk) fixed.push(rootDiskDevice(scope, host, options.rootDisk));
  if (input.network)
    fixed.push({
      name: "eth0",
      type: "nic",
      properties: {
        network: input.network.networkName,
        name: "eth0",
        ...(input.mac ? { hwaddr: input.mac } : {}),
        ...nicAddressAndAcls(scope, host, input, options),
      },
    });
  else if (options.ipv4Address !== undefined || options.acls !== undefined)
    fail(scope, KIND, options.acls ? "acls" : "ipv4Address", "needs a `network` (it applies to eth0)");
  const names = fixed.map((d) => d.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate)
    fail(
      scope,
      KIND,
      "devices",
      `the device name "${duplicate}" is also used by ${
        duplicate === "root" ? "rootDisk" : "network (eth0)"
      }; rename the device`,
    );

  const resource = new IncusInstanceResource(scope, "Default", {
    name: input.name,
    description: input.description,
    type,
    image,
    running: input.running,
    remote: host.remoteName,
    project,
    target,
    profiles: (options.profiles ?? ["default"]).map((p) => (typeof p === "string" ? p : p.profileName)),
    config: incusInstanceConfig(scope, {
      protect: input.protect,
      memory: input.memory,
      vcpus: input.vcpus,
      cloudInit: options.cloudInit,
      config: options.config,
      changeRecords: incusChangeRecords(
        scope,
        options.changes,
        host.providerSource === IncusProviderSource.OFFICIAL,
        (what, why) => requireBundledProvider(scope, KIND, "changes", host, what, why),
      ),
    }),
    file: incusFiles(scope, options.files),
    exec: incusExec(scope, options.exec),
    device: sortDevices(fixed),
  });
  return {
    resource,
    incus: { project: options.project, network: input.network, ipv4Address: options.ipv4Address },
    ipv4Address: () => resource.getStringAttribute("ipv4_address"),
    checkSnapshotOfUnmanagedVolume: (where) =>
      fail(
        scope,
        KIND,
        "attach",
        `snapshotBeforeRebuild: ${where} is not managed by this stack (Volume.fromName); set its config "user.cdktf-virt.snapshot-before-rebuild" yourself`,
      ),
    replacementInputs: { type, image, project, remote: host.remoteName, target },
    checkDevice: incusDeviceCheck(scope, options.project, target, type === InstanceType.VIRTUAL_MACHINE, names),
    renderAttachments: (attachments) =>
      resource.setAttribute("device", sortDevices([...fixed, ...attachments.map(renderedDiskDevice)])),
  };
}

/** eth0's `ipv4.address` and `security.acls`, checked. */
function nicAddressAndAcls(
  scope: IConstruct,
  host: IncusHostLike,
  input: CommonInstanceInput,
  options: Partial<IncusInstanceOptions>,
): { [key: string]: string } {
  const address = options.ipv4Address;
  if (address !== undefined && (typeof address !== "string" || (!isToken(address) && !isIpv4(address))))
    fail(scope, KIND, "incus.ipv4Address", `${JSON.stringify(address)} is not an IPv4 address`);
  const acls = options.acls;
  for (const acl of acls ?? []) {
    if (acl?.aclName === undefined)
      fail(scope, KIND, "incus.acls", "takes NetworkAcl constructs (or NetworkAcl.fromName)");
    if (acl.host !== host) fail(scope, KIND, "incus.acls", `the ACL "${acl.node.path}" is on another host`);
  }
  return {
    ...(address !== undefined ? { "ipv4.address": address } : {}),
    ...(acls?.length ? { "security.acls": acls.map((acl) => acl.aclName).join(",") } : {}),
  };
}

function rootDiskDevice(scope: IConstruct, host: IncusHostLike, rootDisk: RootDiskOptions): IncusDeviceConfig {
  if (rootDisk.pool.host !== host) {
    fail(
      scope,
      KIND,
      "rootDisk",
      `the pool "${rootDisk.pool.node.path}" belongs to the host "${rootDisk.pool.host.node.path}", not to this instance's host "${host.node.path}"`,
    );
  }
  if (rootDisk.size !== undefined && !isToken(rootDisk.size)) {
    const parsed = parseSize(rootDisk.size);
    if ("error" in parsed) fail(scope, KIND, "rootDisk", `size: ${parsed.error}`);
  }
  return {
    name: "root",
    type: "disk",
    properties: { path: "/", pool: rootDisk.pool.poolName, ...(rootDisk.size ? { size: rootDisk.size } : {}) },
  };
}

/**
 * The checks of a volume attached to an Incus instance: the same project, a block volume only on a VM, a
 * filesystem volume at an absolute mount path, device names and mount paths used once.
 */
function incusDeviceCheck(
  instance: IConstruct,
  project: IProject | undefined,
  target: string | undefined,
  isVm: boolean,
  fixedDeviceNames: readonly string[],
): DeviceCheck {
  return (a, attached) => {
    const where = `the volume "${a.volume.node.path}"`;
    checkSameMember(instance, a.volume.node.path, target, a.volume.target);
    const mine = nonDefaultProject(project);
    const theirs = nonDefaultProject(a.volume.project);
    if (mine !== theirs) {
      const describe = (p: IProject | undefined) => (p ? `the project "${p.node.path}"` : "the default project");
      fail(
        instance,
        KIND,
        "attach",
        `${where} is in ${describe(theirs)} but this instance is in ${describe(mine)}; give both the same project`,
      );
    }
    if (a.volume.contentType === VolumeContentType.BLOCK) {
      if (!isVm)
        fail(
          instance,
          KIND,
          "attach",
          `${where} is a block volume; Incus attaches block volumes to virtual machines only (use a filesystem volume for a container)`,
        );
    } else if (a.path === undefined || !a.path.startsWith("/")) {
      fail(
        instance,
        KIND,
        "attach",
        `${where} is a filesystem volume and needs an absolute mount path, e.g. { path: "/data" }`,
      );
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(a.deviceName)) {
      fail(
        instance,
        KIND,
        "attach",
        `device name "${a.deviceName}" is not valid; use letters, digits, '.', '_' or '-'`,
      );
    }
    if ([...fixedDeviceNames, ...attached.map((b) => b.deviceName)].includes(a.deviceName)) {
      fail(
        instance,
        KIND,
        "attach",
        `the device name "${a.deviceName}" is already used on this instance; pass { deviceName } to attach()`,
      );
    }
    if (a.path !== undefined && attached.some((b) => b.path === a.path))
      fail(instance, KIND, "attach", `another volume is already mounted at "${a.path}"`);
  };
}

/** The Incus disk device of an attachment. */
// Each attach() renders all the instance's attachments again; the earlier ones keep the device they got (and the
// name token in it) instead of making a new one each time.
const renderedDevices = new WeakMap<Attachment, IncusDeviceConfig>();

function renderedDiskDevice(a: Attachment): IncusDeviceConfig {
  let device = renderedDevices.get(a);
  if (device === undefined) {
    device = incusDiskDevice(a);
    renderedDevices.set(a, device);
  }
  return device;
}

function incusDiskDevice(a: Attachment): IncusDeviceConfig {
  return {
    name: a.deviceName,
    type: "disk",
    properties: {
      pool: a.volume.pool.poolName,
      source: volumeNameForDevice(a.volume),
      ...(a.path !== undefined ? { path: a.path } : {}),
      ...(a.readOnly ? { readonly: "true" } : {}),
    },
  };
}

interface IncusConfigInput {
  readonly protect: boolean;
  readonly memory?: string;
  readonly vcpus?: number;
  readonly cloudInit?: CloudInitConfig;
  readonly config?: { readonly [key: string]: string };
  /** The records of `changes` (incus-change-records.ts). */
  readonly changeRecords: { readonly [key: string]: string };
}

/** The instance's config map; user keys that would fight a prop are errors naming the prop to use. */
function incusInstanceConfig(scope: IConstruct, input: IncusConfigInput): { [key: string]: string } {
  const managed: { [key: string]: string } = {
    [OWNER_CONFIG_KEY]: "it carries the ownership marker",
    [PROTECT_CONFIG_KEY]: "set the `protect` prop",
    [INCUS_DELETE_PROTECTION_KEY]: "set the `protect` prop",
    "volatile.": "Incus sets volatile keys itself",
    "image.": "image keys come from the image",
  };
  for (const key of CHANGE_RECORD_KEYS) managed[key] = "set `incus: { changes }`";
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
    ...input.changeRecords,
    ...instanceProtectionConfig(input.protect),
    ...incusOwnershipConfig(scope),
  });
}

/** `file` blocks, sorted by path; paths must be absolute. */
function incusFiles(scope: IConstruct, files: readonly InstanceFile[] | undefined): IncusFileConfig[] | undefined {
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
function incusExec(
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
  for (const key in map) if (map[key] !== undefined) out[key] = map[key] as string;
  return out;
}
