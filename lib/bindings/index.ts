// L1 bindings: TerraformResource/TerraformProvider classes for the incus_* and libvirt_* resources the constructs
// emit, and TerraformDataSource classes (DataIncusInstance, ...) for the providers' data sources. They are generated from the bundled providers' schema literals (lib/bindings/generated, by
// `npm run generate:bindings`), so attribute names and shapes are exactly the providers'.
// Attribute helpers (snakeCase, toTerraformAttributes, isToken, specPaths) are internal: import ./attributes.
export type { AttributeKind, AttributeSpec } from "./attributes";
export { SpecResource } from "./spec-resource";
export type { ResourceTypeInfo } from "./spec-resource";
export { SpecDataSource } from "./spec-data-source";
export type { DataSourceTypeInfo } from "./spec-data-source";
export { SpecProvider } from "./spec-provider";
export type { ProviderTypeInfo } from "./spec-provider";

export * from "./generated";
export type {
  IncusPlacementConfig,
  IncusDeviceConfig,
  IncusFileConfig,
  IncusExecConfig,
  IncusWaitForConfig,
  IncusSourceInstanceConfig,
  IncusSourceVolumeConfig,
  IncusRemoteConfig,
  LibvirtDiskConfig,
  LibvirtInterfaceConfig,
  LibvirtConsoleConfig,
  LibvirtFormatConfig,
  LibvirtVolumeContentConfig,
} from "./short-names";

export { IncusProvider } from "./incus/provider";
export type { IncusProviderOptions } from "./incus/provider";
export { LibvirtProvider } from "./libvirt/provider";
export type { LibvirtProviderOptions } from "./libvirt/provider";

export { TerraformDataResource, TERRAFORM_DATA_SPEC } from "./terraform/data";
export type { TerraformDataConfig } from "./terraform/data";
