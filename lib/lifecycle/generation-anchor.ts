// The generation anchor: one `terraform_data` per instance that has ephemeral volumes. Its triggers_replace holds
// everything that forces the instance or any of its ephemeral volumes to be replaced; the instance and those
// volumes all name it in replace_triggered_by, so they are rebuilt together — never one without the others — and
// without a dependency cycle (the anchor depends on none of them).
import { Lazy } from "../framework";
import type { TerraformResource } from "cdktf";
import { Construct } from "constructs";
import { TerraformDataResource } from "../bindings";
import { resourceAddress } from "./references";
import { uniqueSorted } from "./volume-lifecycle";

/** Attribute values that force a replacement, by attribute name (values may be cdktf tokens). */
export type ReplacementInputs = { readonly [attribute: string]: unknown };

export class GenerationAnchor extends Construct {
  private readonly resource: TerraformDataResource;
  private instanceInputs: ReplacementInputs = {};
  private readonly volumeInputs = new Map<string, ReplacementInputs>();
  private readonly externalTriggers: TerraformResource[] = [];

  public constructor(scope: Construct, id: string) {
    super(scope, id);
    this.resource = new TerraformDataResource(this, "Default", {
      triggersReplace: Lazy.anyValue({ produce: () => this.triggers() }),
    });
    this.resource.setLifecycleProducer(() => {
      const triggers = this.replaceWhenChangedAddresses();
      return triggers.length > 0 ? { replaceTriggeredBy: triggers } : undefined;
    });
  }

  /** "terraform_data.<id>": what the instance and its ephemeral volumes name in replace_triggered_by. */
  public get address(): string {
    return resourceAddress(this.resource);
  }

  /** The attributes that force the instance itself to be replaced. */
  public setInstanceInputs(inputs: ReplacementInputs): void {
    this.instanceInputs = inputs;
  }

  /** The attributes that force one ephemeral volume to be replaced, keyed by a stable name (its construct path). */
  public addEphemeralVolume(key: string, inputs: ReplacementInputs): void {
    this.volumeInputs.set(key, inputs);
  }

  /**
   * A resource outside the group whose update or replacement must rebuild the whole group (e.g. the base volume
   * of an ephemeral overlay: a new base means every overlay on it is invalid).
   */
  public replaceWhenChanged(resource: TerraformResource): void {
    if (!this.externalTriggers.includes(resource)) this.externalTriggers.push(resource);
  }

  /** triggers_replace: `{ instance: {...}, ephemeral_volumes: { "<path>": {...} } }`, keys sorted. */
  private triggers(): { [key: string]: unknown } {
    const volumes: { [key: string]: unknown } = {};
    for (const key of [...this.volumeInputs.keys()].sort()) volumes[key] = sortKeys(this.volumeInputs.get(key)!);
    return { instance: sortKeys(this.instanceInputs), ephemeral_volumes: volumes };
  }

  /** Addresses of the outside resources that rebuild the group. */
  private replaceWhenChangedAddresses(): string[] {
    return uniqueSorted(this.externalTriggers.map(resourceAddress));
  }
}

/** Drops undefined values and orders keys, so the anchor's value is stable across synths. */
function sortKeys(inputs: ReplacementInputs): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(inputs).sort()) if (inputs[key] !== undefined) out[key] = inputs[key];
  return out;
}
