// Builds a StoragePool's resource on each backend from its validated props: an incus_storage_pool (on a cluster after
// one pending part per member) or a libvirt_pool (a dir, logical or netfs pool).
import type { Construct } from "constructs";
import { IncusStoragePoolResource, LibvirtPoolResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import type { SpecResource } from "../../bindings";
import { incusOwnershipConfig, OWNER_CONFIG_KEY } from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import type { LibvirtHostLike } from "./hosts";
import type { IncusStoragePoolOptions, LibvirtPoolType, LibvirtStoragePoolOptions } from "../model/storage-pool-props";
import { registerPoolForDestroyOrder } from "./destroy-order";
import { fail } from "./errors";
import type { StoragePoolInput } from "./host-backend";
import { MEMBER_POOL_KEYS, memberPartMarker, splitMemberConfig } from "./member-parts";
import { rejectManagedKeys } from "./placement";

const KIND = "StoragePool";

export function incusStoragePool(
  scope: Construct,
  host: IncusHostLike,
  input: StoragePoolInput,
  options: Partial<IncusStoragePoolOptions>,
): SpecResource<object> {
  const { name, driver } = input;
  rejectManagedKeys(scope, KIND, options.config, {
    [OWNER_CONFIG_KEY]: "it carries the ownership marker",
    source: "set it with the `path` prop",
  });
  const config: { [key: string]: string } = {
    ...(input.path !== undefined ? { source: input.path } : {}),
    ...options.config,
  };
  const members = host.clusterMembers;
  const split = splitMemberConfig(config, MEMBER_POOL_KEYS);
  // A cluster creates a pool in two steps: pending on every member with the member's own keys, then cluster-wide
  // with the rest (Incus refuses the cluster-wide create until every member has its part).
  const memberParts = (members ?? []).map(
    (member) =>
      new IncusStoragePoolResource(scope, `Member-${member}`, {
        name,
        driver,
        remote: host.remoteName,
        target: member,
        // The marker is not sent to the member (Incus keeps it cluster-wide); it lets a resumed run adopt the part.
        config: { ...split.member, ...memberPartMarker(scope, host) },
      }),
  );
  const resource = new IncusStoragePoolResource(scope, "Default", {
    name,
    driver,
    description: options.description,
    remote: host.remoteName,
    config: {
      ...(members ? split.clusterWide : config),
      ...incusOwnershipConfig(scope),
    },
    ...(memberParts.length ? { dependsOn: memberParts } : {}),
  });
  // The host's projects are deleted before it: their volumes live in it.
  registerPoolForDestroyOrder(host, resource);
  return resource;
}

export function libvirtStoragePool(
  scope: Construct,
  host: LibvirtHostLike,
  input: StoragePoolInput,
  options: Partial<LibvirtStoragePoolOptions>,
): SpecResource<object> {
  const { name, driver, path } = input;
  if (options.type !== undefined && driver !== options.type)
    fail(scope, KIND, "libvirt.type", `is "${options.type}" but the driver prop is "${driver}"; give one of them`);
  if (!(LIBVIRT_POOL_TYPES as readonly string[]).includes(driver))
    fail(scope, KIND, "driver", `libvirt pools are ${LIBVIRT_POOL_TYPES.join(", ")}, not "${driver}"`);
  const type = driver as LibvirtPoolType;
  const only = (props: readonly (keyof LibvirtStoragePoolOptions)[], of: LibvirtPoolType) => {
    for (const prop of props) {
      if (options[prop] !== undefined && type !== of)
        fail(scope, KIND, `libvirt.${prop}`, `is for ${of} pools only (this pool is ${type})`);
    }
  };
  only(["volumeGroup", "devices"], "logical");
  only(["server", "exportPath", "format"], "netfs");
  if (path === undefined && type !== "logical") {
    fail(
      scope,
      KIND,
      "path",
      type === "dir"
        ? `a libvirt dir pool needs the directory it keeps volumes in, e.g. "/var/lib/libvirt/images"`
        : `a libvirt netfs pool needs its mount point on the host, e.g. "/var/lib/libvirt/nfs"`,
    );
  }
  if (path !== undefined && !isToken(path) && !path.startsWith("/")) {
    fail(scope, KIND, "path", `"${path}" is not an absolute path`);
  }
  return new LibvirtPoolResource(scope, "Default", {
    name,
    type,
    source: poolSource(scope, type, options),
    target: path !== undefined ? { path } : undefined,
    provider: host._provider(),
  });
}

const LIBVIRT_POOL_TYPES = ["dir", "logical", "netfs"] as const;

/** The source of a logical (volume group, devices) or netfs (server, export, format) pool, checked. */
function poolSource(scope: Construct, type: LibvirtPoolType, options: Partial<LibvirtStoragePoolOptions>) {
  if (type === "logical") {
    const devices = options.devices;
    if (devices !== undefined && (!Array.isArray(devices) || devices.length === 0))
      fail(scope, KIND, "libvirt.devices", 'must be a non-empty list of block devices, e.g. ["/dev/sdb"]');
    for (const device of devices ?? []) {
      if (!isToken(device) && !/^\/dev\/\S+$/.test(device))
        fail(scope, KIND, "libvirt.devices", `${JSON.stringify(device)} is not a block device path, e.g. "/dev/sdb"`);
    }
    if (
      options.volumeGroup !== undefined &&
      !isToken(options.volumeGroup) &&
      !/^[A-Za-z0-9+_.-]+$/.test(options.volumeGroup)
    )
      fail(scope, KIND, "libvirt.volumeGroup", `${JSON.stringify(options.volumeGroup)} is not a volume group name`);
    return {
      name: options.volumeGroup,
      device: devices?.map((path) => ({ path })),
      format: { type: "lvm2" },
    };
  }
  if (type === "netfs") {
    if (options.server === undefined) fail(scope, KIND, "libvirt.server", "a netfs pool needs its file server");
    if (options.exportPath === undefined)
      fail(scope, KIND, "libvirt.exportPath", `a netfs pool needs the exported directory, e.g. "/export/vms"`);
    if (!isToken(options.exportPath) && !options.exportPath.startsWith("/"))
      fail(scope, KIND, "libvirt.exportPath", `"${options.exportPath}" is not an absolute path`);
    const format = options.format ?? "nfs";
    if (!["nfs", "cifs", "glusterfs", "auto"].includes(format))
      fail(scope, KIND, "libvirt.format", `"${format}" is not one of nfs, cifs, glusterfs, auto`);
    return { host: [{ name: options.server }], dir: { path: options.exportPath }, format: { type: format } };
  }
  return undefined;
}
