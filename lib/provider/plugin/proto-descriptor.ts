// Our own protobuf definitions of the messages the provider uses: the tfplugin6 subset Terraform 1.x calls, and
// go-plugin's controller/stdio/broker services. Field names and numbers are facts of the protocol (tfplugin6
// 6.x, go-plugin); the layout here is a compact notation that protobuf.ts reads directly (nothing is parsed or
// generated at start-up).
//
// Notation per field: "<type> <number>", "repeated <type> <number>", "map <valueType> <number>" (string keys),
// "oneof:<name> <type> <number>".

export type FieldSpec = string;
export interface MessageSpec {
  fields?: Record<string, FieldSpec>;
  nested?: Record<string, MessageSpec | EnumSpec>;
}
export interface EnumSpec {
  values: Record<string, number>;
}

// Shorthands for the common request/response pairs.
const diagnostics = (n: number): Record<string, FieldSpec> => ({ diagnostics: `repeated Diagnostic ${n}` });

const TFPLUGIN6: Record<string, MessageSpec | EnumSpec> = {
  DynamicValue: { fields: { msgpack: "bytes 1", json: "bytes 2" } },
  Diagnostic: {
    fields: { severity: "Severity 1", summary: "string 2", detail: "string 3", attribute: "AttributePath 4" },
    nested: { Severity: { values: { INVALID: 0, ERROR: 1, WARNING: 2 } } },
  },
  AttributePath: {
    fields: { steps: "repeated Step 1" },
    nested: {
      Step: {
        fields: {
          attribute_name: "oneof:selector string 1",
          element_key_string: "oneof:selector string 2",
          element_key_int: "oneof:selector int64 3",
        },
      },
    },
  },
  StopProvider: { nested: { Request: {}, Response: { fields: { Error: "string 1" } } } },
  RawState: { fields: { json: "bytes 1", flatmap: "map string 2" } },
  StringKind: { values: { PLAIN: 0, MARKDOWN: 1 } },
  Schema: {
    fields: { version: "int64 1", block: "Block 2" },
    nested: {
      Block: {
        fields: {
          version: "int64 1",
          attributes: "repeated Attribute 2",
          block_types: "repeated NestedBlock 3",
          description: "string 4",
          description_kind: "StringKind 5",
          deprecated: "bool 6",
        },
      },
      Attribute: {
        fields: {
          name: "string 1",
          type: "bytes 2",
          nested_type: "Object 10",
          description: "string 3",
          required: "bool 4",
          optional: "bool 5",
          computed: "bool 6",
          sensitive: "bool 7",
          description_kind: "StringKind 8",
          deprecated: "bool 9",
          write_only: "bool 11",
        },
      },
      NestedBlock: {
        fields: {
          type_name: "string 1",
          block: "Block 2",
          nesting: "NestingMode 3",
          min_items: "int64 4",
          max_items: "int64 5",
        },
        nested: { NestingMode: { values: { INVALID: 0, SINGLE: 1, LIST: 2, SET: 3, MAP: 4, GROUP: 5 } } },
      },
      Object: {
        fields: { attributes: "repeated Attribute 1", nesting: "NestingMode 3" },
        nested: { NestingMode: { values: { INVALID: 0, SINGLE: 1, LIST: 2, SET: 3, MAP: 4 } } },
      },
    },
  },
  ServerCapabilities: {
    fields: { plan_destroy: "bool 1", get_provider_schema_optional: "bool 2", move_resource_state: "bool 3" },
  },
  ClientCapabilities: { fields: { deferral_allowed: "bool 1", write_only_attributes_allowed: "bool 2" } },
  GetMetadata: {
    nested: {
      Request: {},
      Response: {
        fields: {
          server_capabilities: "ServerCapabilities 1",
          ...diagnostics(2),
          data_sources: "repeated DataSourceMetadata 3",
          resources: "repeated ResourceMetadata 4",
        },
      },
      DataSourceMetadata: { fields: { type_name: "string 1" } },
      ResourceMetadata: { fields: { type_name: "string 1" } },
    },
  },
  GetProviderSchema: {
    nested: {
      Request: {},
      Response: {
        fields: {
          provider: "Schema 1",
          resource_schemas: "map Schema 2",
          data_source_schemas: "map Schema 3",
          ...diagnostics(4),
          provider_meta: "Schema 5",
          server_capabilities: "ServerCapabilities 6",
        },
      },
    },
  },
  GetFunctions: { nested: { Request: {}, Response: { fields: { ...diagnostics(2) } } } },
  ValidateProviderConfig: {
    nested: { Request: { fields: { config: "DynamicValue 1" } }, Response: { fields: diagnostics(2) } },
  },
  UpgradeResourceState: {
    nested: {
      Request: { fields: { type_name: "string 1", version: "int64 2", raw_state: "RawState 3" } },
      Response: { fields: { upgraded_state: "DynamicValue 1", ...diagnostics(2) } },
    },
  },
  ValidateResourceConfig: {
    nested: {
      Request: {
        fields: { type_name: "string 1", config: "DynamicValue 2", client_capabilities: "ClientCapabilities 3" },
      },
      Response: { fields: diagnostics(1) },
    },
  },
  ValidateDataResourceConfig: {
    nested: {
      Request: { fields: { type_name: "string 1", config: "DynamicValue 2" } },
      Response: { fields: diagnostics(1) },
    },
  },
  ConfigureProvider: {
    nested: {
      Request: {
        fields: {
          terraform_version: "string 1",
          config: "DynamicValue 2",
          client_capabilities: "ClientCapabilities 3",
        },
      },
      Response: { fields: diagnostics(1) },
    },
  },
  ReadResource: {
    nested: {
      Request: {
        fields: {
          type_name: "string 1",
          current_state: "DynamicValue 2",
          private: "bytes 3",
          provider_meta: "DynamicValue 4",
          client_capabilities: "ClientCapabilities 5",
        },
      },
      Response: { fields: { new_state: "DynamicValue 1", ...diagnostics(2), private: "bytes 3" } },
    },
  },
  PlanResourceChange: {
    nested: {
      Request: {
        fields: {
          type_name: "string 1",
          prior_state: "DynamicValue 2",
          proposed_new_state: "DynamicValue 3",
          config: "DynamicValue 4",
          prior_private: "bytes 5",
          provider_meta: "DynamicValue 6",
          client_capabilities: "ClientCapabilities 7",
        },
      },
      Response: {
        fields: {
          planned_state: "DynamicValue 1",
          requires_replace: "repeated AttributePath 2",
          planned_private: "bytes 3",
          ...diagnostics(4),
        },
      },
    },
  },
  ApplyResourceChange: {
    nested: {
      Request: {
        fields: {
          type_name: "string 1",
          prior_state: "DynamicValue 2",
          planned_state: "DynamicValue 3",
          config: "DynamicValue 4",
          planned_private: "bytes 5",
          provider_meta: "DynamicValue 6",
        },
      },
      Response: { fields: { new_state: "DynamicValue 1", private: "bytes 2", ...diagnostics(3) } },
    },
  },
  ImportResourceState: {
    nested: {
      Request: { fields: { type_name: "string 1", id: "string 2", client_capabilities: "ClientCapabilities 3" } },
      ImportedResource: { fields: { type_name: "string 1", state: "DynamicValue 2", private: "bytes 3" } },
      Response: { fields: { imported_resources: "repeated ImportedResource 1", ...diagnostics(2) } },
    },
  },
  ReadDataSource: {
    nested: {
      Request: {
        fields: {
          type_name: "string 1",
          config: "DynamicValue 2",
          provider_meta: "DynamicValue 3",
          client_capabilities: "ClientCapabilities 4",
        },
      },
      Response: { fields: { state: "DynamicValue 1", ...diagnostics(2) } },
    },
  },
};

/** go-plugin's internal services (package "plugin"). Their request/response bodies are empty or ignored. */
const GO_PLUGIN: Record<string, MessageSpec | EnumSpec> = {
  Empty: {},
  StdioData: {
    fields: { channel: "Channel 1", data: "bytes 2" },
    nested: { Channel: { values: { INVALID: 0, STDOUT: 1, STDERR: 2 } } },
  },
};

/** Both packages by name: message and enum specs, with nested types inside their message. */
export const PROTO_PACKAGES: Readonly<Record<string, Record<string, MessageSpec | EnumSpec>>> = {
  tfplugin6: TFPLUGIN6,
  plugin: GO_PLUGIN,
};
