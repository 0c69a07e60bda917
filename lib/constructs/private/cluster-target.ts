// Placement on an Incus cluster: the `target` of an instance (a member or `@group`) or of a volume (a member), checked
// against the members the IncusHost declares, and the rule that a volume of a member-local pool can only be
// attached on its own member.
import type { IConstruct } from "constructs";
import { isToken } from "../../bindings/attributes";
import type { IncusHostLike } from "./hosts";
import { fail } from "./errors";

const GROUP = /^@[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const MEMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;

/** A checked target (undefined when none is given). Groups (`@name`) only where `groups` allows them. */
export function clusterTarget(
  scope: IConstruct,
  kind: string,
  prop: string,
  host: IncusHostLike,
  target: string | undefined,
  groups: boolean,
): string | undefined {
  if (target === undefined || isToken(target)) return target;
  if (typeof target !== "string" || target === "")
    fail(scope, kind, prop, 'give a cluster member name, e.g. "member2"');
  if (target.startsWith("@")) {
    if (!groups)
      fail(scope, kind, prop, `"${target}" is a cluster group; a volume is created on one member, give its name`);
    if (!GROUP.test(target))
      fail(
        scope,
        kind,
        prop,
        `"${target}" is not a cluster group name (@ followed by letters, digits, '-', '_' or '.')`,
      );
    return target;
  }
  if (!MEMBER.test(target)) fail(scope, kind, prop, `"${target}" is not a cluster member name`);
  const members = host.clusterMembers;
  if (members !== undefined && !members.some((m) => isToken(m) || m === target)) {
    fail(scope, kind, prop, `"${target}" is not a member of the cluster "${host.node.path}" (${members.join(", ")})`);
  }
  return target;
}

/**
 * An instance may attach a volume that is on one cluster member (a volume with a `target`, in a member-local pool
 * such as dir, zfs, lvm or btrfs) only when it runs on that member. A volume without a target may be in a remote
 * pool (ceph) that every member sees, so it is not checked.
 */
export function checkSameMember(
  instance: IConstruct,
  volumePath: string,
  instanceTarget: string | undefined,
  volumeTarget: string | undefined,
): void {
  if (volumeTarget === undefined || isToken(instanceTarget) || isToken(volumeTarget) || instanceTarget === volumeTarget)
    return;
  if (instanceTarget === undefined) {
    fail(
      instance,
      "Instance",
      "attach",
      `the volume "${volumePath}" is on the cluster member "${volumeTarget}"; place this instance there too with \`incus: { target: "${volumeTarget}" }\``,
    );
  }
  if (instanceTarget.startsWith("@")) {
    fail(
      instance,
      "Instance",
      "attach",
      `the volume "${volumePath}" is on the cluster member "${volumeTarget}", but this instance may be placed on any member of "${instanceTarget}"; target "${volumeTarget}"`,
    );
  }
  fail(
    instance,
    "Instance",
    "attach",
    `the volume "${volumePath}" is on the cluster member "${volumeTarget}", but this instance runs on "${instanceTarget}"; use one member for both`,
  );
}
