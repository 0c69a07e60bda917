// Object names on the hosts: the rules Incus and libvirt enforce, checked at synth, and default names derived from
// the construct path (stable across synths, unique per stack, valid for the object kind).
import { createHash } from "crypto";
import { stackOf } from "../../framework";
import type { IConstruct } from "constructs";

/** What a valid name looks like for one kind of object. */
export interface NameRule {
  /** Human description used in error messages. */
  readonly description: string;
  readonly maxLength: number;
  readonly pattern: RegExp;
  /** Default names get a letter prefix when they would start otherwise. */
  readonly mustStartWithLetter: boolean;
}

/** Incus instances: hostnames (letters, digits, hyphens; starts with a letter; no trailing hyphen; ≤ 63). */
export const INCUS_INSTANCE_NAME: NameRule = {
  description: "1-63 letters, digits or hyphens, starting with a letter and not ending with a hyphen",
  maxLength: 63,
  pattern: /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
  mustStartWithLetter: true,
};

/** Incus network ACLs: the same form as instance names (Incus refuses other characters in rules that name them). */
export const INCUS_ACL_NAME: NameRule = INCUS_INSTANCE_NAME;

/** Incus networks become host interfaces: at most 15 characters. */
export const INCUS_NETWORK_NAME: NameRule = {
  description: "1-15 letters, digits or hyphens, starting with a letter and not ending with a hyphen",
  maxLength: 15,
  pattern: /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
  mustStartWithLetter: true,
};

/** Incus projects, pools, volumes, profiles; libvirt pools, volumes, domains, networks. */
export const OBJECT_NAME: NameRule = {
  description: "1-63 letters, digits, '.', '_' or '-', starting with a letter or digit",
  maxLength: 63,
  pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  mustStartWithLetter: false,
};

/** Incus projects: like other objects, but Incus refuses underscores (it uses them to prefix project objects). */
export const INCUS_PROJECT_NAME: NameRule = {
  description: "1-63 letters, digits, '.' or '-', starting with a letter or digit (no underscores)",
  maxLength: 63,
  pattern: /^[A-Za-z0-9][A-Za-z0-9.-]*$/,
  mustStartWithLetter: false,
};

/** Incus storage buckets: S3 bucket names (lower-case letters, digits, '.' and '-', 3 to 63 characters). */
export const INCUS_BUCKET_NAME: NameRule = {
  description: "3-63 lower-case letters, digits, '.' or '-', starting and ending with a letter or digit",
  maxLength: 63,
  pattern: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  mustStartWithLetter: false,
};

/** libvirt networks become bridge names through libvirt, but the network name itself is free-form. */
export const LIBVIRT_NETWORK_NAME: NameRule = OBJECT_NAME;

/**
 * Aliases of providers in the Terraform configuration (a second LibvirtHost's provider): Terraform identifiers, so
 * no '.' and no leading digit ("Invalid provider configuration alias" at terraform init otherwise).
 */
export const PROVIDER_ALIAS: NameRule = {
  description: "letters, digits, '_' or '-', starting with a letter or '_'",
  maxLength: 63,
  pattern: /^[A-Za-z_][A-Za-z0-9_-]*$/,
  mustStartWithLetter: true,
};

/** The default provider alias for a host with construct id `id`: invalid runs become "-", a letter goes first. */
export function defaultProviderAlias(id: string): string {
  const alias = id.replace(/[^A-Za-z0-9_-]+/g, "-");
  return /^[A-Za-z_]/.test(alias) ? alias : `x-${alias}`;
}

/** Why `name` breaks `rule`, or undefined when it is valid. */
export function nameProblem(name: string, rule: NameRule): string | undefined {
  if (name.length === 0) return `the name is empty; use ${rule.description}`;
  if (name.length > rule.maxLength) {
    return `"${name}" is ${name.length} characters long; the limit is ${rule.maxLength} (${rule.description})`;
  }
  if (!rule.pattern.test(name)) return `"${name}" is not a valid name; use ${rule.description}`;
  return undefined;
}

/**
 * The default object name for a construct: its path (stack first) in lower case, joined with hyphens, e.g.
 * "homelab/db" → "homelab-db". Too long for the rule → the front is shortened and a hash of the full path added,
 * keeping the construct id when it fits ("homelab/net" → "home-net-1a2b3c" for a 15-character limit), so the name
 * stays unique, stable and recognisable.
 */
export function defaultName(scope: IConstruct, rule: NameRule): string {
  const path = scope.node.path;
  let name = normalize(path);
  if (name === "") name = "x";
  if (rule.mustStartWithLetter && !/^[a-z]/.test(name)) name = `x-${name}`;
  if (name.length <= rule.maxLength) return name;
  const hash = createHash("sha256").update(path).digest("hex").slice(0, 6);
  const room = rule.maxLength - hash.length - 1;
  const id = normalize(scope.node.id);
  const headRoom = room - id.length - 1;
  const head = name.slice(0, Math.max(headRoom, 0)).replace(/-+$/, "");
  if (id !== "" && headRoom >= 2 && head !== "" && (!rule.mustStartWithLetter || /^[a-z]/.test(head))) {
    return `${head}-${id}-${hash}`;
  }
  return `${name.slice(0, room).replace(/-+$/, "")}-${hash}`;
}

/** Lower case; each run of characters other than a-z and 0-9 (hyphens too) becomes one hyphen, none at the ends. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The construct path below its stack, e.g. "db/scratch" for "homelab/db/scratch". */
export function pathInStack(scope: IConstruct): string {
  const stackPath = stackOf(scope).node.path;
  const path = scope.node.path;
  return stackPath !== "" && path.startsWith(`${stackPath}/`) ? path.slice(stackPath.length + 1) : path;
}
