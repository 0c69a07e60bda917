// Base class of the provider bindings: a TerraformProvider whose configuration comes from a typed config object
// converted through an AttributeSpec, like the resources.
import { TerraformProvider } from "../framework";
import type { Construct } from "constructs";
import { toTerraformAttributes } from "./attributes";
import type { AttributeSpec } from "./attributes";

export interface ProviderTypeInfo {
  /** Provider local name, e.g. "incus". */
  readonly name: string;
  /** Source address, e.g. "registry.cdktf-virt.local/cdktf-virt/incus" or "lxc/incus". */
  readonly source: string;
  /** Version constraint written into required_providers; none when undefined. */
  readonly version?: string;
  readonly spec: AttributeSpec;
}

export abstract class SpecProvider<C extends object> extends TerraformProvider {
  private readonly info: ProviderTypeInfo;
  private attributes: C;
  private providerAlias?: string;

  protected constructor(scope: Construct, id: string, info: ProviderTypeInfo, config: C & { readonly alias?: string }) {
    super(scope, id, {
      terraformResourceType: info.name,
      terraformProviderSource: info.source,
      terraformGeneratorMetadata: { providerName: info.name, providerVersion: info.version },
    });
    this.info = info;
    const { alias, ...attributes } = config;
    this.providerAlias = alias;
    this.attributes = attributes as unknown as C;
  }

  public get alias(): string | undefined {
    return this.providerAlias;
  }

  public set alias(value: string | undefined) {
    this.providerAlias = value;
  }

  /** The configuration as given (camelCase); read at synthesis time. */
  public get config(): Readonly<C> {
    return this.attributes;
  }

  public setAttribute<K extends keyof C>(key: K, value: C[K]): void {
    this.attributes = { ...this.attributes, [key]: value };
  }

  protected synthesizeAttributes(): { [name: string]: unknown } {
    return toTerraformAttributes(`provider ${this.info.name}`, this.info.spec, this.attributes);
  }

  protected synthesizeHclAttributes(): { [name: string]: unknown } {
    throw new Error(
      `provider ${this.info.name}: HCL output is not supported by cdktf-virt's bindings; synthesize JSON.`,
    );
  }
}
