// The checks instance.attach() runs before a volume is coupled to an instance: same project, the right kind of
// volume for the instance type, a usable mount path or guest device, no duplicate names.
import type { IConstruct } from "constructs";
import type { IncusDeviceConfig, LibvirtDiskConfig } from "../../bindings";
import { VolumeLifecycle } from "../../lifecycle";
import type { IProject } from "../project";
import type { Volume } from "../volume";
import { VolumeContentType, VolumeFormat } from "../volume";
import { fail } from "./errors";
import { LIBVIRT_TARGET_DEV, volumeDisk } from "./libvirt-domain";
import { nonDefaultProject } from "./placement";

const KIND = "Instance";

/** One volume attached to an instance. */
export interface Attachment {
  readonly volume: Volume;
  readonly path?: string;
  readonly rebuildOnChange: boolean;
  readonly readOnly: boolean;
  readonly deviceName: string;
}

export interface IncusAttachmentContext {
  readonly project?: IProject;
  readonly isVm: boolean;
  readonly usedDeviceNames: readonly string[];
  readonly usedPaths: readonly (string | undefined)[];
}

export function checkIncusAttachment(instance: IConstruct, a: Attachment, ctx: IncusAttachmentContext): void {
  const where = `the volume "${a.volume.node.path}"`;
  const mine = nonDefaultProject(ctx.project);
  const theirs = nonDefaultProject(a.volume.project);
  if (mine !== theirs) {
    const describe = (p: IProject | undefined) => (p ? `the project "${p.node.path}"` : "the default project");
    fail(instance, KIND, "attach", `${where} is in ${describe(theirs)} but this instance is in ${describe(mine)}; give both the same project`);
  }
  if (a.volume.contentType === VolumeContentType.BLOCK) {
    if (!ctx.isVm) {
      fail(instance, KIND, "attach", `${where} is a block volume; Incus attaches block volumes to virtual machines only (use a filesystem volume for a container)`);
    }
  } else if (a.path === undefined || !a.path.startsWith("/")) {
    fail(instance, KIND, "attach", `${where} is a filesystem volume and needs an absolute mount path, e.g. { path: "/data" }`);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(a.deviceName)) {
    fail(instance, KIND, "attach", `device name "${a.deviceName}" is not valid; use letters, digits, '.', '_' or '-'`);
  }
  if (ctx.usedDeviceNames.includes(a.deviceName)) {
    fail(instance, KIND, "attach", `the device name "${a.deviceName}" is already used on this instance; pass { deviceName } to attach()`);
  }
  if (a.path !== undefined && ctx.usedPaths.includes(a.path)) fail(instance, KIND, "attach", `another volume is already mounted at "${a.path}"`);
}

export function checkLibvirtAttachment(instance: IConstruct, a: Attachment, usedDevices: readonly (string | undefined)[]): void {
  if (a.path === undefined || !LIBVIRT_TARGET_DEV.test(a.path)) {
    fail(instance, KIND, "attach", `on libvirt the path is the guest device, e.g. "vda" or "vdb" (got ${JSON.stringify(a.path)})`);
  }
  if (usedDevices.includes(a.path)) fail(instance, KIND, "attach", `the device "${a.path}" is already used on this instance`);
}

/** The Incus disk device of an attachment. */
export function incusDiskDevice(a: Attachment): IncusDeviceConfig {
  return {
    name: a.deviceName,
    type: "disk",
    properties: {
      pool: a.volume.pool.poolName,
      source: a.volume.volumeName,
      ...(a.path !== undefined ? { path: a.path } : {}),
      ...(a.readOnly ? { readonly: "true" } : {}),
    },
  };
}

/** The libvirt disks of a domain's attachments, ordered by guest device; SHARED volumes are shareable. */
export function libvirtDisks(attachments: readonly Attachment[]): LibvirtDiskConfig[] {
  return [...attachments]
    .sort((a, b) => (a.path! < b.path! ? -1 : 1))
    .map((a) =>
      volumeDisk(
        a.volume.pool.poolName,
        a.volume.volumeName,
        a.path!,
        a.volume.format ?? VolumeFormat.QCOW2,
        a.readOnly,
        a.volume.lifecycle === VolumeLifecycle.SHARED,
      ),
    );
}
