// Hand-made `terraform show -json` documents for the tooling tests, shaped like the ones terraform 1.11 writes
// (checked against real plans of terraform_data stacks: actions, action_reason, replace_paths, prior_state with
// depends_on), and the homelab stack's objects as they sit in state after an apply.
import * as fs from "node:fs";
import * as path from "node:path";
import type { PlanJson, PlanResourceChange } from "../../../../lib/tooling/explain";
import type { SynthesizedStack } from "../../../../lib/tooling";
import { parseSynthesizedStack } from "../../../../lib/tooling";
import type { TerraformJson } from "../../../support/terraform-json";

type Values = { [key: string]: unknown };
type Action = "no-op" | "create" | "update" | "delete" | "forget";

export const FIXTURES = path.join(__dirname, "..", "fixtures");

/** The homelab stack as the constructs synthesized it (see fixtures/homelab/cdk.tf.json). */
export function homelabJson(): TerraformJson {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, "homelab", "cdk.tf.json"), "utf8"));
}

/** An environment with no incus client configuration: printed incus commands use the CLI's built-in remotes only. */
export const NO_INCUS_CLIENT: NodeJS.ProcessEnv = {
  INCUS_CONF: "/nonexistent/cdktf-virt-test/incus",
  HOME: "/nonexistent/cdktf-virt-test",
};

export function homelabStack(edit?: (json: TerraformJson) => void): SynthesizedStack {
  const json = homelabJson();
  edit?.(json);
  return parseSynthesizedStack(json, "homelab fixture");
}

/** homelab with the db instance unprotected (terraform itself refuses to plan the replacement of a protected one). */
export function unprotectedDb(json: TerraformJson): void {
  const db = json.resource.incus_instance.db;
  delete db.lifecycle.prevent_destroy;
  delete db.config["security.protection.delete"];
}

export interface ChangeOptions {
  readonly reason?: string;
  readonly replacePaths?: (string | number)[][];
  readonly afterUnknown?: unknown;
  readonly createFirst?: boolean;
}

/** One resource_changes entry. `replace` is delete-then-create (or create-then-delete with createFirst). */
export function change(
  address: string,
  action: Action | "replace",
  before: Values | null,
  after: Values | null,
  options: ChangeOptions = {},
): PlanResourceChange {
  const [type, name] = address.split(".");
  const actions = action === "replace" ? (options.createFirst ? ["create", "delete"] : ["delete", "create"]) : [action];
  return {
    address,
    mode: "managed",
    type,
    name,
    change: {
      actions: actions as PlanResourceChange["change"]["actions"],
      before,
      after,
      after_unknown: options.afterUnknown ?? {},
      before_sensitive: {},
      after_sensitive: {},
      ...(options.replacePaths ? { replace_paths: options.replacePaths } : {}),
    },
    ...(options.reason ? { action_reason: options.reason } : {}),
  };
}

/** A no-op entry for an object that stays as it is. */
export function unchanged(address: string, values: Values): PlanResourceChange {
  return change(address, "no-op", values, values);
}

/** A plan document from its changes and the prior state. */
export function planOf(
  changes: PlanResourceChange[],
  prior: { address: string; values: Values; depends_on?: string[] }[] = [],
  extra: Partial<PlanJson> = {},
): PlanJson {
  return {
    format_version: "1.2",
    terraform_version: "1.11.4",
    resource_changes: changes,
    prior_state: {
      values: {
        root_module: {
          resources: prior.map((p) => ({
            address: p.address,
            mode: "managed",
            type: p.address.split(".")[0],
            values: p.values,
            depends_on: p.depends_on,
          })),
        },
      },
    },
    complete: true,
    errored: false,
    ...extra,
  } as PlanJson;
}

const DB_DEVICES = [
  { name: "eth0", type: "nic", properties: { name: "eth0", network: "homelab-lan" } },
  {
    name: "pgdata",
    type: "disk",
    properties: { path: "/var/lib/postgresql", pool: "homelab-pool", source: "homelab-pgdata" },
  },
  { name: "root", type: "disk", properties: { path: "/", pool: "homelab-pool", size: "8GiB" } },
  { name: "scratch", type: "disk", properties: { path: "/scratch", pool: "homelab-pool", source: "homelab-scratch" } },
  { name: "shared", type: "disk", properties: { path: "/shared", pool: "homelab-pool", source: "homelab-shared" } },
];

/** The homelab Incus objects as they are in state (image debian-12 before the upgrade). */
export const STATE = {
  db: (protectedDb = false): Values => ({
    name: "homelab-db",
    image: "debian-12",
    type: "container",
    remote: "lab",
    running: true,
    profiles: ["default"],
    config: { "user.cdktf-virt.owner": "homelab/db", ...(protectedDb ? { "security.protection.delete": "true" } : {}) },
    device: DB_DEVICES,
    ipv4_address: "10.0.0.5",
  }),
  web: (): Values => ({
    name: "homelab-web",
    image: "debian-13",
    type: "container",
    remote: "lab",
    config: { "user.cdktf-virt.owner": "homelab/web" },
    device: [
      { name: "shared", type: "disk", properties: { path: "/shared", pool: "homelab-pool", source: "homelab-shared" } },
    ],
  }),
  volume: (name: "pgdata" | "scratch" | "shared", size: string, protect: boolean): Values => ({
    name: `homelab-${name}`,
    pool: "homelab-pool",
    type: "custom",
    content_type: "filesystem",
    remote: "lab",
    config: {
      size,
      "user.cdktf-virt.owner": `homelab/${name}`,
      ...(protect ? { "user.cdktf-virt.protect": "true" } : {}),
    },
  }),
  anchor: (image: string): Values => ({
    id: "8086c5e4-0532-4446-1c97-2fc51fa589c0",
    input: null,
    output: null,
    triggers_replace: {
      ephemeral_volumes: {
        scratch: {
          content_type: "filesystem",
          name: "homelab-scratch",
          pool: "homelab-pool",
          remote: "lab",
          type: "custom",
        },
      },
      instance: { image, remote: "lab", type: "container" },
    },
  }),
};

export const ANCHOR = "terraform_data.db_Generation_FCAF079D";

/** The prior state of the Incus half of homelab, with the depends_on terraform records. */
export function homelabPriorState(protectedDb = false): { address: string; values: Values; depends_on?: string[] }[] {
  return [
    { address: ANCHOR, values: STATE.anchor("debian-12") },
    {
      address: "incus_instance.db",
      values: STATE.db(protectedDb),
      depends_on: [
        ANCHOR,
        "incus_network.lan",
        "incus_storage_pool.pool",
        "incus_storage_volume.pgdata",
        "incus_storage_volume.scratch",
        "incus_storage_volume.shared",
      ],
    },
    {
      address: "incus_instance.web",
      values: STATE.web(),
      depends_on: ["incus_storage_pool.pool", "incus_storage_volume.shared"],
    },
    {
      address: "incus_storage_volume.pgdata",
      values: STATE.volume("pgdata", "10GiB", true),
      depends_on: ["incus_storage_pool.pool"],
    },
    {
      address: "incus_storage_volume.scratch",
      values: STATE.volume("scratch", "2GiB", false),
      depends_on: [ANCHOR, "incus_storage_pool.pool"],
    },
    {
      address: "incus_storage_volume.shared",
      values: STATE.volume("shared", "1GiB", true),
      depends_on: ["incus_storage_pool.pool"],
    },
  ];
}

/** The image of db goes from debian-12 to debian-13: what terraform 1.11 plans for the homelab stack. */
export function imageUpgradePlan() {
  const dbAfter = { ...STATE.db(), image: "debian-13" };
  return planOf(
    [
      change(ANCHOR, "replace", STATE.anchor("debian-12"), STATE.anchor("debian-13"), {
        reason: "replace_because_cannot_update",
        replacePaths: [["triggers_replace"]],
        afterUnknown: { id: true },
      }),
      change("incus_instance.db", "replace", STATE.db(), dbAfter, {
        reason: "replace_by_triggers",
        replacePaths: [["image"]],
        afterUnknown: { ipv4_address: true },
      }),
      unchanged("incus_instance.web", STATE.web()),
      unchanged("incus_storage_volume.pgdata", STATE.volume("pgdata", "10GiB", true)),
      change(
        "incus_storage_volume.scratch",
        "replace",
        STATE.volume("scratch", "2GiB", false),
        STATE.volume("scratch", "2GiB", false),
        { reason: "replace_by_triggers" },
      ),
      unchanged("incus_storage_volume.shared", STATE.volume("shared", "1GiB", true)),
    ],
    homelabPriorState(),
  );
}
