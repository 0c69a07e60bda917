// Base class of every generated L1 data source binding (`data "incus_instance" ...`): a TerraformDataSource whose
// arguments come from a typed config object converted through the binding's AttributeSpec at synthesis time, as
// SpecResource does for resources. What the data source reads comes back through the generated getters.
import { TerraformDataSource } from "../framework";
import type { IResolvable, TerraformMetaArguments, TerraformProvider } from "cdktf";
import type { Construct } from "constructs";
import { toTerraformAttributes } from "./attributes";
import type { AttributeSpec } from "./attributes";

const META_KEYS = ["dependsOn", "count", "provider", "lifecycle", "forEach", "provisioners", "connection"] as const;

/** What a binding needs to know about its data source type. */
export interface DataSourceTypeInfo {
  /** Terraform data source type, e.g. "incus_instance" (addressed as data.incus_instance.<name>). */
  readonly type: string;
  /** Provider local name, e.g. "incus". */
  readonly providerName: string;
  /** Argument names and shapes, exactly as in the provider schema. */
  readonly spec: AttributeSpec;
}

export abstract class SpecDataSource<C extends object> extends TerraformDataSource {
  private readonly info: DataSourceTypeInfo;
  private readonly settings: C;

  protected constructor(scope: Construct, id: string, info: DataSourceTypeInfo, config: C & TerraformMetaArguments) {
    super(scope, id, {
      terraformResourceType: info.type,
      terraformGeneratorMetadata: { providerName: info.providerName },
      dependsOn: config.dependsOn,
      count: config.count,
      provider: config.provider,
      lifecycle: config.lifecycle,
      forEach: config.forEach,
    });
    this.info = info;
    const attributes: Record<string, unknown> = { ...(config as object) };
    for (const key of META_KEYS) delete attributes[key];
    this.settings = attributes as C;
  }

  /** The arguments as given (camelCase). Not named `config`: many data sources read an attribute of that name. */
  public get configured(): Readonly<C> {
    return this.settings;
  }

  /** Sets the provider this data source uses (emitted as `provider = "<type>[.<alias>]"`). */
  public useProvider(provider: TerraformProvider): void {
    this.provider = provider;
  }

  /** A reference to any attribute by its Terraform name, as a string token. */
  public attribute(terraformName: string): string {
    return this.getStringAttribute(terraformName);
  }

  /** A reference to an attribute of a structured type (a list of objects, a block), for Fn and iterators. */
  public structuredAttribute(terraformName: string): IResolvable {
    return this.interpolationForAttribute(terraformName);
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    return toTerraformAttributes(this.info.type, this.info.spec, this.settings);
  }

  protected synthesizeHclAttributes(): Record<string, unknown> {
    throw new Error(
      `data.${this.info.type} at "${this.node.path}": HCL output is not supported by cdktf-virt's bindings. ` +
        `Synthesize JSON (the default; unset SYNTH_HCL_OUTPUT / drop --hcl).`,
    );
  }
}
