// Configuration checks of incus_instance that need more than one attribute. They run at validate time, so a
// mistake (an invalid wait_for delay, files on a stopped instance) is reported before anything is created,
// with the attribute path Terraform uses to point at the line.
import type { AttrPath, Diagnostics } from "../../framework";
import { isUnknown, knownOrNull } from "../../framework";
import { parseDuration } from "../common";
import { validateExec } from "./exec";
import { fileBlocks, validateFiles } from "./files";
import type { WaitForValue } from "./power";
import type { InstancePlanModel } from "./schema";

function isSet(v: unknown): boolean {
  return v !== null && v !== undefined;
}

function knownList<T>(v: unknown): T[] | null {
  if (v === null || v === undefined) return [];
  if (isUnknown(v) || !Array.isArray(v)) return null;
  return v.filter((el) => el !== null && !isUnknown(el)) as T[];
}

/**
 * Where an invalid delay is reported. Terraform finds a set block's line by its position, and a set's order is
 * not the configuration's: only a lone wait_for block can be pointed at, and then at its `delay` line.
 */
function delayPath(waits: readonly WaitForValue[]): AttrPath {
  return waits.length === 1 ? ["wait_for", 0, "delay"] : ["wait_for"];
}

function validateWaits(config: InstancePlanModel, waits: WaitForValue[], diags: Diagnostics): void {
  const at = ["wait_for"];
  const type = isUnknown(config.type) ? undefined : (knownOrNull(config.type) ?? "container");
  for (const w of waits) {
    if (isUnknown(w.type)) continue;
    const label = `wait_for { type = ${JSON.stringify(w.type)} }`;
    if (isSet(w.nic) && w.type !== "ipv4" && w.type !== "ipv6") {
      diags.error("Invalid wait_for block", `${label}: "nic" can only be set when type is "ipv4" or "ipv6".`, at);
    }
    if (w.type === "delay") {
      if (!isSet(w.delay)) {
        diags.error(
          "Invalid wait_for block",
          `${label}: "delay" is required when type is "delay", e.g. delay = "30s".`,
          at,
        );
      } else if (!isUnknown(w.delay)) {
        try {
          parseDuration(String(w.delay));
        } catch (err) {
          diags.error("Invalid wait_for delay", `${label}: ${(err as Error).message}.`, delayPath(waits));
        }
      }
    } else if (isSet(w.delay)) {
      // The official provider rejects this for cloud-init only and ignores it otherwise; so do we, loudly.
      if (w.type === "cloud-init")
        diags.error("Invalid wait_for block", `${label}: "delay" can only be set when type is "delay".`, at);
      else
        diags.warning(
          "Ignored wait_for delay",
          `${label}: "delay" only applies when type is "delay"; it is ignored here.`,
          at,
        );
    }
    if (w.type === "agent" && type === "container") {
      diags.error(
        "Invalid wait_for block",
        `${label}: containers have no Incus agent; use "ready", "delay", "ipv4" or "ipv6".`,
        at,
      );
    }
    if (w.type === "ready" && type === "virtual-machine") {
      diags.error(
        "Invalid wait_for block",
        `${label}: virtual machines never report Ready this way; use "agent", "ipv4" or "ipv6".`,
        at,
      );
    }
  }
}

function validateSourceFileDevices(config: InstancePlanModel, diags: Diagnostics): void {
  const devices = knownList<{ name: string; type: string; properties: Record<string, string> | null }>(config.device);
  if (devices === null || devices.length === 0) return;
  const detail =
    'With source_file, at most one device block is allowed: a disk with exactly the properties path = "/" and ' +
    "pool = <storage pool> (the pool to restore into).";
  if (devices.length > 1) {
    diags.error("Invalid configuration", detail, ["device"]);
    return;
  }
  const props = devices[0].properties;
  if (props === null || isUnknown(props)) return;
  const keys = Object.keys(props).sort();
  if (keys.join(",") !== "path,pool" || props.path !== "/") diags.error("Invalid configuration", detail, ["device"]);
}

/** Everything incus_instance checks beyond its schema. */
export function validateInstanceConfig(config: InstancePlanModel, diags: Diagnostics): void {
  const running = isUnknown(config.running) ? undefined : config.running !== false;
  const ephemeral = config.ephemeral === true;
  if (ephemeral && running === false) {
    diags.error(
      `Instance ${JSON.stringify(config.name)} is ephemeral and cannot be stopped`,
      'Incus deletes ephemeral instances when they stop, so "running" must be true (or left unset).',
      ["running"],
    );
  }
  if (isSet(config.source_file) && !isUnknown(config.source_file)) validateSourceFileDevices(config, diags);

  const noSource = !isSet(config.image) && !isSet(config.source_file) && !isSet(config.source_instance);
  if (noSource && running === true && config.type !== "virtual-machine" && !isUnknown(config.type)) {
    diags.error(
      "Container without an image cannot run",
      "Without image, source_instance or source_file the container is created empty and cannot start: set running = false or give an image.",
      ["running"],
    );
  }

  const waits = knownList<WaitForValue>(config.wait_for);
  if (waits) validateWaits(config, waits, diags);

  const files = knownList<object>(config.file);
  if (files && files.length > 0) {
    validateFiles(fileBlocks(files), diags);
    if (running === false) {
      diags.error(
        "Invalid configuration",
        "Files can only be uploaded to running instances: remove the file blocks or set running = true.",
        ["file"],
      );
    }
    if (config.type === "virtual-machine" && waits && !waits.some((w) => w.type === "agent")) {
      diags.error(
        "Invalid configuration",
        'Uploading files to a virtual machine needs its agent: add wait_for { type = "agent" }.',
        ["file"],
      );
    }
  }

  const exec = config.exec;
  if (isSet(exec) && !isUnknown(exec) && Object.keys(exec as object).length > 0) {
    if (running === false) {
      diags.error(
        "Invalid configuration",
        "Exec commands can only run in running instances: remove exec or set running = true.",
        ["exec"],
      );
    }
    validateExec(exec, diags);
  }
}
