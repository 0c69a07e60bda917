// Builds a StoragePool's resource on each backend from its validated props: an incus_storage_pool (on a cluster after
// one pending part per member) or a libvirt_pool (a dir pool).
import type { Construct } from "constructs";
import { IncusStoragePoolResource, LibvirtPoolResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import type { SpecResource } from "../../bindings";
import { incusOwnershipConfig, OWNER_CONFIG_KEY } from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import type { LibvirtHostLike } from "./hosts";
import type { IncusStoragePoolOptions } from "../model/storage-pool-props";
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
): SpecResource<object> {
  const { name, driver, path } = input;
  if (driver !== "dir") fail(scope, KIND, "driver", `libvirt pools support "dir" only, not "${driver}"`);
  if (path === undefined) {
    fail(
      scope,
      KIND,
      "path",
      `a libvirt dir pool needs the directory it keeps volumes in, e.g. "/var/lib/libvirt/images"`,
    );
  }
  if (!isToken(path) && !path.startsWith("/")) {
    fail(scope, KIND, "path", `"${path}" is not an absolute path`);
  }
  return new LibvirtPoolResource(scope, "Default", {
    name,
    type: driver,
    target: { path },
    provider: host._provider(),
  });
}
