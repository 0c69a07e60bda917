// TypeScript shapes of the tfplugin6 messages as the codec hands them over: snake_case field names as in the
// protocol, bytes as Uint8Array, int64 as number, enums as numbers. Absent fields are undefined.

export interface DynamicValue {
  msgpack?: Uint8Array;
  json?: Uint8Array;
}

export const DiagnosticSeverity = { ERROR: 1, WARNING: 2 } as const;
export type DiagnosticSeverity = (typeof DiagnosticSeverity)[keyof typeof DiagnosticSeverity];

export interface AttributePathStep {
  attribute_name?: string;
  element_key_string?: string;
  element_key_int?: number;
}

export interface AttributePath {
  steps: AttributePathStep[];
}

export interface WireDiagnostic {
  severity: DiagnosticSeverity;
  summary: string;
  detail?: string;
  attribute?: AttributePath;
}

export const StringKind = { PLAIN: 0, MARKDOWN: 1 } as const;
export type StringKind = (typeof StringKind)[keyof typeof StringKind];

export const BlockNestingMode = { SINGLE: 1, LIST: 2, SET: 3, MAP: 4, GROUP: 5 } as const;
export type BlockNestingMode = (typeof BlockNestingMode)[keyof typeof BlockNestingMode];

export const ObjectNestingMode = { SINGLE: 1, LIST: 2, SET: 3, MAP: 4 } as const;
export type ObjectNestingMode = (typeof ObjectNestingMode)[keyof typeof ObjectNestingMode];

export interface WireSchemaAttribute {
  name: string;
  /** JSON of the cty type; absent for nested attributes. */
  type?: Uint8Array;
  nested_type?: { attributes: WireSchemaAttribute[]; nesting: ObjectNestingMode };
  description?: string;
  description_kind?: StringKind;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  deprecated?: boolean;
}

export interface WireSchemaBlock {
  version?: number;
  attributes: WireSchemaAttribute[];
  block_types: WireNestedBlock[];
  description?: string;
  description_kind?: StringKind;
  deprecated?: boolean;
}

export interface WireNestedBlock {
  type_name: string;
  block: WireSchemaBlock;
  nesting: BlockNestingMode;
  min_items?: number;
  max_items?: number;
}

export interface WireSchema {
  version: number;
  block: WireSchemaBlock;
}

export interface ServerCapabilities {
  plan_destroy?: boolean;
  get_provider_schema_optional?: boolean;
  move_resource_state?: boolean;
}

type Diags = { diagnostics?: WireDiagnostic[] };

// One request/response pair per RPC the provider serves.
export interface Tfplugin6 {
  GetMetadata: {
    req: Record<string, never>;
    res: Diags & {
      server_capabilities?: ServerCapabilities;
      resources?: { type_name: string }[];
      data_sources?: { type_name: string }[];
    };
  };
  GetProviderSchema: {
    req: Record<string, never>;
    res: Diags & {
      provider?: WireSchema;
      resource_schemas?: Record<string, WireSchema>;
      data_source_schemas?: Record<string, WireSchema>;
      provider_meta?: WireSchema;
      server_capabilities?: ServerCapabilities;
    };
  };
  GetFunctions: { req: Record<string, never>; res: Diags };
  ValidateProviderConfig: { req: { config?: DynamicValue }; res: Diags };
  ConfigureProvider: { req: { terraform_version?: string; config?: DynamicValue }; res: Diags };
  ValidateResourceConfig: { req: { type_name: string; config?: DynamicValue }; res: Diags };
  ValidateDataResourceConfig: { req: { type_name: string; config?: DynamicValue }; res: Diags };
  UpgradeResourceState: {
    req: { type_name: string; version?: number; raw_state?: { json?: Uint8Array; flatmap?: Record<string, string> } };
    res: Diags & { upgraded_state?: DynamicValue };
  };
  ReadResource: {
    req: { type_name: string; current_state?: DynamicValue; private?: Uint8Array };
    res: Diags & { new_state?: DynamicValue; private?: Uint8Array };
  };
  PlanResourceChange: {
    req: {
      type_name: string;
      prior_state?: DynamicValue;
      proposed_new_state?: DynamicValue;
      config?: DynamicValue;
      prior_private?: Uint8Array;
    };
    res: Diags & { planned_state?: DynamicValue; requires_replace?: AttributePath[]; planned_private?: Uint8Array };
  };
  ApplyResourceChange: {
    req: {
      type_name: string;
      prior_state?: DynamicValue;
      planned_state?: DynamicValue;
      config?: DynamicValue;
      planned_private?: Uint8Array;
    };
    res: Diags & { new_state?: DynamicValue; private?: Uint8Array };
  };
  ImportResourceState: {
    req: { type_name: string; id: string };
    res: Diags & { imported_resources?: { type_name: string; state?: DynamicValue; private?: Uint8Array }[] };
  };
  ReadDataSource: {
    req: { type_name: string; config?: DynamicValue };
    res: Diags & { state?: DynamicValue };
  };
  StopProvider: { req: Record<string, never>; res: { Error?: string } };
}

export type Tfplugin6Method = keyof Tfplugin6;

/** What a provider implementation hands to the plugin host: one async function per RPC it serves. */
export type ProviderHandlers = {
  [M in Tfplugin6Method]?: (req: Tfplugin6[M]["req"]) => Promise<Tfplugin6[M]["res"]>;
};

export const TFPLUGIN6_METHODS: readonly Tfplugin6Method[] = [
  "GetMetadata",
  "GetProviderSchema",
  "GetFunctions",
  "ValidateProviderConfig",
  "ConfigureProvider",
  "ValidateResourceConfig",
  "ValidateDataResourceConfig",
  "UpgradeResourceState",
  "ReadResource",
  "PlanResourceChange",
  "ApplyResourceChange",
  "ImportResourceState",
  "ReadDataSource",
  "StopProvider",
];
