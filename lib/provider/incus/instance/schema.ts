// The incus_instance schema, attribute for attribute the official provider's (lxc/incus v1.1), so a
// configuration runs unchanged on either. Defaults that depend on other attributes (profiles → ["default"],
// description/config/type unless copied from a source) are planned in plan.ts, as the official provider does.
import type { ApplyModel, PlanModel, Schema, StateModel, Validator } from "../../framework";
import {
  bool,
  custom,
  lengthBetween,
  listOf,
  mapOf,
  nested,
  num,
  oneOf,
  requiresReplace,
  requiresReplaceIf,
  setBlock,
  str,
  useStateForUnknown,
} from "../../framework";
import { SECRET_INSTANCE_CONFIG_KEYS, configValueChecks, deviceBlock, instanceName, unixId } from "../common";
import { fileBlock } from "./files";

/** Config keys Incus writes itself: not drift unless the user set them (official `ComputedKeys`). */
export const INSTANCE_COMPUTED_CONFIG: readonly string[] = ["environment.", "image.", "oci.", "volatile."];

/** Prefixes the user may not set at all (Incus owns them). */
const FORBIDDEN_CONFIG_PREFIXES = ["volatile.", "image."];

export const WAIT_FOR_TYPES = ["agent", "cloud-init", "delay", "ipv4", "ipv6", "ready"] as const;

const configKeysAllowed: Validator = custom((value) => {
  const bad = Object.keys((value ?? {}) as Record<string, unknown>).filter((k) =>
    FORBIDDEN_CONFIG_PREFIXES.some((p) => k.startsWith(p)),
  );
  if (bad.length === 0) return undefined;
  return `Config keys starting with "volatile." or "image." are managed by Incus and cannot be set; remove ${bad
    .map((k) => JSON.stringify(k))
    .join(", ")}.`;
}, 'config keys may not start with "volatile." or "image."');

const nonEmptyStrings: Validator = custom((value) => {
  const list = (value ?? []) as unknown[];
  if (list.some((v) => v === "")) return "Profile names cannot be empty strings.";
  return undefined;
}, "every element must be a non-empty string");

const SOURCES = ["source_instance", "source_file"];

/** RequiresReplaceIfConfigured: a change replaces the instance only when the configuration sets the value. */
const replaceIfConfigured = requiresReplaceIf(
  (req) => req.configValue !== null,
  "Changing a configured value replaces the object.",
);

export const instanceSchema = {
  description: "An Incus instance: a container or a virtual machine.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the instance. Changing it renames the instance in place.",
      validators: [instanceName],
    }),
    description: str({ optional: true, computed: true, conflictsWith: SOURCES }),
    type: str({
      optional: true,
      computed: true,
      description: "`container` (default) or `virtual-machine`.",
      validators: [oneOf(["container", "virtual-machine"])],
      conflictsWith: SOURCES,
      planModifiers: [requiresReplace()],
    }),
    image: str({
      optional: true,
      description: "`[remote:]alias-or-fingerprint` of the image to create the instance from.",
      conflictsWith: [...SOURCES, "architecture"],
      planModifiers: [requiresReplace()],
    }),
    ephemeral: bool({
      optional: true,
      computed: true,
      default: false,
      conflictsWith: SOURCES,
      planModifiers: [requiresReplace()],
    }),
    running: bool({
      optional: true,
      computed: true,
      default: true,
      description: "Whether the instance should be running. Stopped out of band, it is started on apply.",
    }),
    profiles: listOf("string", {
      optional: true,
      computed: true,
      description: 'Profiles in order. Unset means ["default"]; [] means none.',
      validators: [nonEmptyStrings],
      conflictsWith: SOURCES,
    }),
    project: str({ optional: true, validators: [lengthBetween(1, 63)], planModifiers: [requiresReplace()] }),
    remote: str({ optional: true, planModifiers: [requiresReplace()] }),
    target: str({
      optional: true,
      computed: true,
      description: "Cluster member (or `@group`) to create the instance on.",
      validators: [lengthBetween(1, 255)],
      planModifiers: [replaceIfConfigured],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Instance config keys. Keys Incus generates (volatile.*, image.*, ...) are not recorded.",
      secretKeys: SECRET_INSTANCE_CONFIG_KEYS,
      validators: [configKeysAllowed, configValueChecks()],
      conflictsWith: SOURCES,
    }),
    exec: nested(
      "map",
      {
        // Sensitive (unlike the official provider): commands and their environment routinely carry passwords
        // and tokens. The type is unchanged, so configurations and states stay interchangeable.
        command: listOf("string", { required: true, sensitive: true }),
        environment: mapOf("string", { optional: true, sensitive: true }),
        working_dir: str({ optional: true }),
        uid: num({ optional: true, validators: [unixId] }),
        gid: num({ optional: true, validators: [unixId] }),
        timeout: str({ optional: true }),
        trigger: str({ optional: true, validators: [oneOf(["on_change", "once"])] }),
      },
      { optional: true, description: "Commands run after files are uploaded, in key order." },
    ),
    source_instance: nested(
      "single",
      { project: str({ required: true }), name: str({ required: true }), snapshot: str({ optional: true }) },
      { optional: true, conflictsWith: ["source_file"], planModifiers: [requiresReplace()] },
    ),
    source_file: str({
      optional: true,
      description: "Path of an instance backup tarball to restore.",
      validators: [lengthBetween(1, 4096)],
      conflictsWith: ["source_instance"],
      planModifiers: [requiresReplace()],
    }),
    architecture: str({
      optional: true,
      computed: true,
      conflictsWith: SOURCES,
      planModifiers: [useStateForUnknown(), requiresReplace()],
    }),
    ipv4_address: str({ computed: true }),
    ipv6_address: str({ computed: true }),
    mac_address: str({ computed: true }),
    status: str({ computed: true }),
    interfaces: nested(
      "map",
      {
        name: str({ computed: true, description: "Name of the interface inside the instance." }),
        type: str({ computed: true }),
        state: str({ computed: true }),
        ip_addresses: nested(
          "list",
          { address: str({ computed: true }), family: str({ computed: true }), scope: str({ computed: true }) },
          { computed: true },
        ),
      },
      { computed: true, description: "Network interfaces by device name (loopback excluded)." },
    ),
  },
  blocks: {
    wait_for: setBlock(
      {
        type: str({ required: true, validators: [oneOf(WAIT_FOR_TYPES)] }),
        delay: str({ optional: true, description: 'For type "delay": e.g. "30s".' }),
        nic: str({ optional: true, description: 'For types "ipv4"/"ipv6": the interface to watch.' }),
      },
      { description: "What to wait for after the instance starts." },
    ),
    device: deviceBlock(),
    file: fileBlock(),
  },
} satisfies Schema;

/** An incus_instance as state holds it. */
export type InstanceState = StateModel<typeof instanceSchema>;
/** An incus_instance as create and update get it (computed values such as addresses may be unknown). */
export type InstancePlan = ApplyModel<typeof instanceSchema>;
/** An incus_instance's configuration, or its plan before apply. */
export type InstancePlanModel = PlanModel<typeof instanceSchema>;
