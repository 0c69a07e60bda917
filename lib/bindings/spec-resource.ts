// Base class of every L1 resource binding (the generated ones and terraform_data): a TerraformResource whose
// attributes come from a typed config object converted through the binding's AttributeSpec at synthesis time, and
// whose lifecycle block may be produced at synthesis time too (the lifecycle compiler needs the whole construct tree: attachments made after construction,
// logical IDs of other resources). Produced values are computed once per synthesis (synthesis-memo.ts).
import { TerraformProvider, TerraformResource } from "../framework";
import type { TerraformMetaArguments, TerraformResourceLifecycle } from "cdktf";
import type { Construct } from "constructs";
import { toTerraformAttributes } from "./attributes";
import type { AttributeSpec } from "./attributes";
import { ProducedOnce } from "./synthesis-memo";

const META_KEYS = ["dependsOn", "count", "provider", "lifecycle", "forEach", "provisioners", "connection"] as const;

/** What a binding needs to know about its resource type. */
export interface ResourceTypeInfo {
  /** Terraform resource type, e.g. "incus_instance". */
  readonly type: string;
  /** Provider local name, e.g. "incus". */
  readonly providerName: string;
  /** Attribute names and shapes, exactly as in the provider schema. */
  readonly spec: AttributeSpec;
}

export abstract class SpecResource<C extends object> extends TerraformResource {
  private readonly info: ResourceTypeInfo;
  private attributes: C;
  private lifecycleProducer?: ProducedOnce<undefined, TerraformResourceLifecycle | undefined>;
  // Typed loosely so a SpecResource<X> still is a SpecResource<object> (private members are compared too).
  private attributesProducer?: ProducedOnce<object, object>;

  protected constructor(scope: Construct, id: string, info: ResourceTypeInfo, config: C & TerraformMetaArguments) {
    super(scope, id, {
      terraformResourceType: info.type,
      terraformGeneratorMetadata: { providerName: info.providerName },
      dependsOn: config.dependsOn,
      count: config.count,
      provider: config.provider,
      lifecycle: config.lifecycle,
      forEach: config.forEach,
      provisioners: config.provisioners,
      connection: config.connection,
    });
    this.info = info;
    // An L2's resource is its "Default" child: the id that names it is the L2's.
    const namingId = () => (this.node.id === "Default" ? (this.node.scope?.node.id ?? "") : this.node.id);
    this.node.addValidation({ validate: () => terraformNameProblems(this.friendlyUniqueId, namingId()) });
    const attributes: Record<string, unknown> = { ...(config as object) };
    for (const key of META_KEYS) delete attributes[key];
    this.attributes = attributes as C;
  }

  /** The attribute values as given (camelCase); read at synthesis time. */
  public get config(): Readonly<C> {
    return this.attributes;
  }

  /** Replaces one attribute value; the new value is what synthesis emits. */
  public setAttribute<K extends keyof C>(key: K, value: C[K]): void {
    this.attributes = { ...this.attributes, [key]: value };
  }

  /** Sets the provider this resource uses (emitted as `provider = "<type>[.<alias>]"`). */
  public useProvider(provider: TerraformProvider): void {
    this.provider = provider;
  }

  /**
   * Computes the `lifecycle` block at synthesis time instead of now. The lifecycle compiler uses this because
   * replace_triggered_by names other resources by their final logical IDs.
   */
  public setLifecycleProducer(producer: () => TerraformResourceLifecycle | undefined): void {
    this.lifecycleProducer = new ProducedOnce(producer);
  }

  /**
   * Adjusts the attributes at synthesis time (what is emitted is `producer(config)`): for values that depend on
   * constructs created later, e.g. a volume's config keys that come from the instances it is attached to.
   */
  public setAttributesProducer(producer: (attributes: Readonly<C>) => C): void {
    this.attributesProducer = new ProducedOnce(producer as (attributes: object) => object);
  }

  public get terraformMetaArguments(): { [name: string]: unknown } {
    if (this.lifecycleProducer) this.lifecycle = this.lifecycleProducer.produce(this.cdktfStack, undefined);
    return super.terraformMetaArguments;
  }

  /** A reference to a computed or configured attribute by its Terraform name, as a string token. */
  public attribute(terraformName: string): string {
    return this.getStringAttribute(terraformName);
  }

  protected synthesizeAttributes(): { [name: string]: unknown } {
    const attributes = this.attributesProducer
      ? (this.attributesProducer.produce(this.cdktfStack, this.attributes) as C)
      : this.attributes;
    return toTerraformAttributes(this.info.type, this.info.spec, attributes);
  }

  protected synthesizeHclAttributes(): { [name: string]: unknown } {
    throw new Error(
      `${this.info.type} at "${this.node.path}": HCL output is not supported by cdktf-virt's bindings. ` +
        `Synthesize JSON (the default; unset SYNTH_HCL_OUTPUT / drop --hcl).`,
    );
  }
}

/**
 * cdktf makes a resource's Terraform name from its construct ids by dropping every character Terraform does not
 * allow; an id such as " " leaves nothing (an address Terraform rejects) and "__proto__ " leaves "__proto__" (a key
 * the synthesized JSON object silently loses). Say so at synth, naming the id, instead.
 */
function terraformNameProblems(logicalId: string, id: string): string[] {
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(logicalId) && !(logicalId in {})) return [];
  return [
    `construct id ${JSON.stringify(id)} gives the Terraform resource name ${JSON.stringify(logicalId)}, which ` +
      `${
        logicalId === "" || !/^[A-Za-z_]/.test(logicalId) ? "Terraform rejects" : "the synthesized JSON cannot hold"
      }; ` +
      `give the construct an id that starts with a letter, e.g. "data"`,
  ];
}
