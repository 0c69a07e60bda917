// A synthesized cdktf stack (cdktf.out/stacks/<name>/cdk.tf.json) read as plain data: its managed resources with
// their lifecycle meta-arguments and construct paths, and its provider configurations.
import * as fs from "node:fs";
import * as path from "node:path";
import { ToolError } from "../common/errors";
import { statOrUndefined } from "../common/files";
import { isObject } from "../common/json";
import { resourceAddressOf } from "./references";

/** The file cdktf writes for each stack. */
export const STACK_FILE = "cdk.tf.json";

/** One managed resource of the stack, as written in cdk.tf.json. */
export interface StackResource {
  /** "incus_instance.db" */
  readonly address: string;
  readonly type: string;
  readonly name: string;
  /** Construct path from cdktf's metadata, e.g. "homelab/db/Default". */
  readonly constructPath?: string;
  /** The resource's arguments without meta-arguments (values may hold "${...}" references). */
  readonly attributes: { readonly [key: string]: unknown };
  readonly preventDestroy: boolean;
  /** The resources replace_triggered_by names ("terraform_data.x", "incus_storage_volume.v"), an attribute reference by its resource. */
  readonly replaceTriggeredBy: readonly string[];
  readonly dependsOn: readonly string[];
  /** The `provider` meta-argument, e.g. "libvirt.kvm2"; undefined means the default configuration. */
  readonly provider?: string;
  /**
   * What the constructs recorded in the resource's "//" comment (which Terraform ignores): the same keys as in an
   * Incus object's config, e.g. `user.cdktf-virt.lifecycle` on a libvirt volume, which has no config of its own.
   */
  readonly recorded?: { readonly [key: string]: string };
}

/** One provider configuration block. */
export interface StackProvider {
  /** Local name, e.g. "incus". */
  readonly type: string;
  readonly alias?: string;
  readonly attributes: { readonly [key: string]: unknown };
  /** Source address from required_providers, when given. */
  readonly source?: string;
}

export interface SynthesizedStack {
  /** The cdk.tf.json this was read from, when it came from a file. */
  readonly file?: string;
  readonly resources: readonly StackResource[];
  readonly providers: readonly StackProvider[];
}

const META_ARGUMENTS = new Set([
  "//",
  "lifecycle",
  "depends_on",
  "provider",
  "count",
  "for_each",
  "provisioner",
  "connection",
]);

type JsonObject = { [key: string]: unknown };

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Reads the stack JSON (already parsed). `where` names it in error messages. */
export function parseSynthesizedStack(json: unknown, where: string): SynthesizedStack {
  if (!isObject(json)) throw new ToolError(`${where}: not a Terraform JSON configuration (expected an object)`);
  const resources: StackResource[] = [];
  const byType = json.resource;
  if (byType !== undefined && !isObject(byType))
    throw new ToolError(`${where}: "resource" must be an object of resource types`);
  for (const [type, instances] of Object.entries(byType ?? {})) {
    if (!isObject(instances)) throw new ToolError(`${where}: resource.${type} must be an object of named resources`);
    for (const [name, raw] of Object.entries(instances)) {
      const body = Array.isArray(raw) ? raw[0] : raw;
      if (!isObject(body)) throw new ToolError(`${where}: resource.${type}.${name} must be an object`);
      resources.push(resourceOf(type, name, body));
    }
  }
  resources.sort((a, b) => a.address.localeCompare(b.address));
  return { file: undefined, resources, providers: providersOf(json) };
}

function resourceOf(type: string, name: string, body: JsonObject): StackResource {
  const attributes: JsonObject = {};
  for (const [key, value] of Object.entries(body)) if (!META_ARGUMENTS.has(key)) attributes[key] = value;
  const lifecycle = isObject(body.lifecycle) ? body.lifecycle : {};
  const comment = isObject(body["//"]) ? body["//"] : {};
  const metadata = isObject(comment.metadata) ? comment.metadata : {};
  const recorded: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(comment)) if (typeof value === "string") recorded[key] = value;
  return {
    address: `${type}.${name}`,
    type,
    name,
    constructPath: typeof metadata.path === "string" ? metadata.path : undefined,
    attributes,
    preventDestroy: lifecycle.prevent_destroy === true,
    replaceTriggeredBy: [
      ...new Set(strings(lifecycle.replace_triggered_by).map((r) => resourceAddressOf(stripInterpolation(r)))),
    ],
    dependsOn: strings(body.depends_on).map(stripInterpolation),
    provider: typeof body.provider === "string" ? stripInterpolation(body.provider) : undefined,
    recorded,
  };
}

/** cdktf writes some references as "${type.name}"; lifecycle and depends_on want the bare address. */
function stripInterpolation(reference: string): string {
  const match = /^\$\{(.*)\}$/s.exec(reference.trim());
  return match ? match[1].trim() : reference.trim();
}

function providersOf(json: JsonObject): StackProvider[] {
  const terraform = isObject(json.terraform) ? json.terraform : {};
  const required = isObject(terraform.required_providers) ? terraform.required_providers : {};
  const providers: StackProvider[] = [];
  for (const [type, raw] of Object.entries(isObject(json.provider) ? json.provider : {})) {
    const requirement = required[type];
    const source = isObject(requirement) && typeof requirement.source === "string" ? requirement.source : undefined;
    // cdktf writes a list of configurations per provider; hand-written JSON may use a single object.
    for (const config of Array.isArray(raw) ? raw : [raw]) {
      if (!isObject(config)) continue;
      const { alias, ...attributes } = config;
      providers.push({ type, alias: typeof alias === "string" ? alias : undefined, attributes, source });
    }
  }
  return providers;
}

/** Reads and parses a cdk.tf.json file. */
export function readSynthesizedStack(file: string): SynthesizedStack {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new ToolError(
      `cannot read the synthesized stack ${file}: ${(err as Error).message}. Run \`cdktf synth\` first.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ToolError(`${file} is not valid JSON (${(err as Error).message}); run \`cdktf synth\` again.`);
  }
  return { ...parseSynthesizedStack(json, file), file };
}

/**
 * Finds the stack a path names: a cdk.tf.json file, a stack directory holding one, or a cdktf app directory
 * (its cdktf.out/stacks/<name>; `stackName` picks one when there are several). Returns the stack directory.
 */
export function locateStackDir(target: string, stackName?: string): string {
  const stat = statOrUndefined(target);
  if (stat === undefined) throw new ToolError(`${target} does not exist`);
  if (stat.isFile()) return path.dirname(target);
  if (statOrUndefined(path.join(target, STACK_FILE))?.isFile()) return target;
  const stacksDir = path.join(target, "cdktf.out", "stacks");
  const stacks = listStacks(stacksDir);
  if (stacks.length === 0) {
    throw new ToolError(
      `${target} holds no synthesized stack: expected ${STACK_FILE} there or in cdktf.out/stacks/<stack>/. ` +
        `Run \`cdktf synth\` in your cdktf app first, or name the stack directory.`,
    );
  }
  if (stackName !== undefined) {
    if (!stacks.includes(stackName)) {
      throw new ToolError(`${stacksDir} has no stack "${stackName}"; it has: ${stacks.join(", ")}`);
    }
    return path.join(stacksDir, stackName);
  }
  if (stacks.length > 1) {
    throw new ToolError(
      `${stacksDir} holds several stacks (${stacks.join(", ")}); name one with --stack <name> or give its directory.`,
    );
  }
  return path.join(stacksDir, stacks[0]);
}

function listStacks(stacksDir: string): string[] {
  if (!statOrUndefined(stacksDir)?.isDirectory()) return [];
  return fs
    .readdirSync(stacksDir)
    .filter((entry) => statOrUndefined(path.join(stacksDir, entry, STACK_FILE))?.isFile())
    .sort();
}
