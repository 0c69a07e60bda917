// Shared helpers for the construct synth tests: a fresh stack, synthesized JSON, and lookups into it.
import { AnnotationMetadataEntryType, TerraformStack, Testing } from "cdktf";
import { IncusHost, LibvirtHost, StoragePool } from "../../../lib";
import type { TerraformJson } from "../../support/terraform-json";

export function newStack(name = "homelab"): TerraformStack {
  return new TerraformStack(Testing.app(), name);
}

/** A fresh stack with an Incus host "lab" and its pool "pool". */
export function incusStackWithPool() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  return { stack, host, pool };
}

/** A fresh stack with a libvirt host "kvm" and its pool "images" at /var/lib/libvirt/images. */
export function libvirtStackWithPool() {
  const stack = newStack();
  const host = new LibvirtHost(stack, "kvm");
  const pool = new StoragePool(stack, "images", { host, path: "/var/lib/libvirt/images" });
  return { stack, host, pool };
}

/** Synthesizes with validations (as `cdktf synth` does) and parses the JSON. */
export function synth(stack: TerraformStack): TerraformJson {
  return JSON.parse(Testing.synth(stack, true));
}

/** The stack's Terraform JSON as `cdktf synth` writes it, with the "//" comments that Testing.synth strips. */
export function synthWithComments(stack: TerraformStack): TerraformJson {
  return JSON.parse(JSON.stringify(stack.toTerraform()));
}

/** The resource of `type` with address `id` (throws a readable error when missing). */
export function resource(json: TerraformJson, type: string, id: string): TerraformJson {
  const found = json.resource?.[type]?.[id];
  if (!found) {
    throw new Error(`no ${type}.${id}; have ${JSON.stringify(Object.keys(json.resource?.[type] ?? {}))}`);
  }
  return found;
}

/** All resources of `type`, keyed by logical id. */
export function resourcesOf(json: TerraformJson, type: string): { [id: string]: TerraformJson } {
  return json.resource?.[type] ?? {};
}

/** The only resource of `type`. */
export function only(json: TerraformJson, type: string): TerraformJson {
  const all = Object.values(resourcesOf(json, type));
  if (all.length !== 1) throw new Error(`expected one ${type}, found ${all.length}`);
  return all[0];
}

/** Runs `fn` and returns the message of the error it throws (fails the test when it does not throw). */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected an error, none was thrown");
}

/** The warnings (cdktf Annotations) added to the construct at `path`, or to any construct of the stack, in order. */
export function warningsOf(stack: TerraformStack, path?: string): string[] {
  const constructs = stack.node.findAll().filter((c) => path === undefined || c.node.path === path);
  if (constructs.length === 0) throw new Error(`no construct at ${path}`);
  return constructs.flatMap((c) =>
    c.node.metadata.filter((m) => m.type === AnnotationMetadataEntryType.WARN).map((m) => String(m.data)),
  );
}
