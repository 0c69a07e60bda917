// The tfplugin6 server for one Provider: one handler per RPC (wire decode → framework → wire encode). This file
// holds the provider-level RPCs and the type registry; managed-resource RPCs live in resource-rpcs.ts.
import type { CtyType } from "../../cty";
import { isWhollyKnown } from "../../cty";
import type { PluginHost, ProviderHandlers, Tfplugin6 } from "../../plugin";
import type { Diagnostics } from "../diagnostics";
import { normalizeObject } from "../normalize";
import { objectValue } from "../object-value";
import type { DataSource, Logger, Provider, Resource, ResourceContext } from "../resource";
import type { Schema } from "../schema";
import { checkSchema, objectType } from "../schema-type";
import { SecretScrubber } from "../scrub";
import { validateConfigValue } from "../validate";
import { InFlightCalls, guarded } from "./calls";
import type { CallScope, Entry } from "./calls";
import * as rpc from "./resource-rpcs";
import { learnRequestSecrets } from "./secrets";
import { decodeObject, diagnosticsToWire, encodeDynamic, schemaToWire } from "./wire";

type Res<M extends keyof Tfplugin6> = Promise<Tfplugin6[M]["res"]>;

/** The registered resources or data sources, and their kind's name for messages. */
interface TypeRegistry<T> {
  readonly kind: string;
  entries(): Map<string, Entry<T>>;
}

export class ProviderServer {
  private resources?: Map<string, Entry<Resource<unknown>>>;
  private dataSources?: Map<string, Entry<DataSource<unknown>>>;
  private readonly providerType: CtyType;
  private readonly calls = new InFlightCalls();
  private providerData: unknown = undefined;
  private terraformVersion = "";
  // Registries are resolved on first use (a provider's lists may be functions that load modules).
  private readonly resourceTypes: TypeRegistry<Resource<unknown>> = {
    kind: "resource",
    entries: () => this.resourceMap(),
  };
  private readonly dataSourceTypes: TypeRegistry<DataSource<unknown>> = {
    kind: "data source",
    entries: () => this.dataSourceMap(),
  };

  constructor(
    private readonly provider: Provider<unknown>,
    private readonly host: PluginHost,
  ) {
    checkSchema(provider.schema, `provider ${provider.typeName}`);
    this.providerType = objectType(provider.schema);
  }

  handlers(): ProviderHandlers {
    return {
      GetMetadata: async () => ({
        server_capabilities: CAPABILITIES,
        resources: [...this.resourceMap().keys()].map((type_name) => ({ type_name })),
        data_sources: [...this.dataSourceMap().keys()].map((type_name) => ({ type_name })),
      }),
      GetProviderSchema: async () => this.getProviderSchema(),
      GetFunctions: async () => ({}),
      ValidateProviderConfig: (req) => this.validateProviderConfig(req),
      ConfigureProvider: (req) => this.configureProvider(req),
      StopProvider: async () => {
        const n = this.calls.stop("Terraform asked the provider to stop (interrupt)");
        this.host.log.info("StopProvider: cancelling in-flight operations", { count: n });
        return {};
      },
      ValidateResourceConfig: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "ValidateResourceConfig", req, (e, s) =>
          rpc.validateConfig(e, req, this.context(s)),
        ),
      UpgradeResourceState: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "UpgradeResourceState", req, (e, s) =>
          rpc.upgradeResourceState(e, req, this.context(s)),
        ),
      ReadResource: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "ReadResource", req, (e, s) =>
          rpc.readResource(e, req, this.context(s)),
        ),
      PlanResourceChange: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "PlanResourceChange", req, (e, s) =>
          rpc.planResourceChange(e, req, this.context(s)),
        ),
      ApplyResourceChange: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "ApplyResourceChange", req, (e, s) =>
          rpc.applyResourceChange(e, req, this.context(s)),
        ),
      ImportResourceState: (req) =>
        this.withEntry(this.resourceTypes, req.type_name, "ImportResourceState", req, (e, s) =>
          rpc.importResourceState(e, req, this.context(s)),
        ),
      ValidateDataResourceConfig: (req) =>
        this.withEntry(this.dataSourceTypes, req.type_name, "ValidateDataResourceConfig", req, (e, s) =>
          rpc.validateConfig(e, req, this.context(s)),
        ),
      ReadDataSource: (req) => this.readDataSource(req),
    };
  }

  private getProviderSchema(): Tfplugin6["GetProviderSchema"]["res"] {
    const resource_schemas: Record<string, ReturnType<typeof schemaToWire>> = {};
    for (const [name, e] of this.resourceMap()) resource_schemas[name] = schemaToWire(e.schema);
    const data_source_schemas: Record<string, ReturnType<typeof schemaToWire>> = {};
    for (const [name, e] of this.dataSourceMap()) data_source_schemas[name] = schemaToWire(e.schema);
    return {
      provider: schemaToWire(this.provider.schema),
      resource_schemas,
      data_source_schemas,
      server_capabilities: CAPABILITIES,
    };
  }

  private validateProviderConfig(req: Tfplugin6["ValidateProviderConfig"]["req"]): Res<"ValidateProviderConfig"> {
    const scrubber = this.providerScrubber(req);
    return this.calls.run(scrubber.logger(this.logFor("ValidateProviderConfig")), async (s) => {
      const config = await guarded("Reading the provider configuration", s.diagnostics, s.log, () =>
        decodeObject(req.config, this.providerType),
      );
      if (config) {
        validateConfigValue(this.provider.schema, config, s.diagnostics);
        if (this.provider.validateConfig) {
          await guarded("Validating the provider configuration", s.diagnostics, s.log, () =>
            this.provider.validateConfig!(config, { ...s, terraformVersion: this.terraformVersion }),
          );
        }
      }
      return { diagnostics: diagnosticsToWire(scrubber.diagnostics(s.diagnostics.all)) };
    });
  }

  private configureProvider(req: Tfplugin6["ConfigureProvider"]["req"]): Res<"ConfigureProvider"> {
    this.terraformVersion = req.terraform_version ?? "";
    const scrubber = this.providerScrubber(req);
    return this.calls.run(scrubber.logger(this.logFor("ConfigureProvider")), async (s) => {
      const config = await guarded("Reading the provider configuration", s.diagnostics, s.log, () =>
        decodeObject(req.config, this.providerType),
      );
      if (config !== undefined) {
        const ctx = { ...s, terraformVersion: this.terraformVersion };
        this.providerData = await guarded(`Configuring provider ${this.provider.typeName}`, s.diagnostics, s.log, () =>
          // A provider block decodes to an object (its attributes may be unknown, the block itself never is).
          this.provider.configure(objectValue(normalizeObject(this.provider.schema, config)) ?? {}, ctx),
        );
      }
      return { diagnostics: diagnosticsToWire(scrubber.diagnostics(s.diagnostics.all)) };
    });
  }

  private readDataSource(req: Tfplugin6["ReadDataSource"]["req"]): Res<"ReadDataSource"> {
    return this.withEntry(
      this.dataSourceTypes,
      req.type_name,
      "ReadDataSource",
      req,
      async (e, s): Res<"ReadDataSource"> => {
        const config = decodeObject(req.config, e.type) ?? {};
        const result = await guarded(`Reading data source ${e.impl.typeName}`, s.diagnostics, s.log, () =>
          e.impl.read(config, this.context(s)),
        );
        if (result === undefined || s.diagnostics.hasErrors()) return {};
        const state = normalizeObject(e.schema, result);
        if (!isWhollyKnown(state)) {
          s.diagnostics.error(
            `Data source ${e.impl.typeName} returned unknown values`,
            "A data source must return known values; this is a bug in the provider.",
          );
          return {};
        }
        return { state: encodeDynamic(state, e.type) };
      },
    );
  }

  /**
   * Runs a resource or data source RPC: looks the type up in `types`, and always returns diagnostics instead of
   * throwing.
   */
  private withEntry<T, R>(
    types: TypeRegistry<T>,
    typeName: string,
    method: string,
    req: object,
    fn: (e: Entry<T>, s: CallScope) => Promise<R>,
  ): Promise<R> {
    // Sensitive values of the request never reach a diagnostic or a log line (redact.ts, scrub.ts).
    const scrubber = new SecretScrubber();
    return this.calls.run(scrubber.logger(this.logFor(method, typeName)), async (s) => {
      const e = types.entries().get(typeName);
      if (!e) return withDiagnostics({} as R, unknownType(s.diagnostics, types.kind, typeName), scrubber);
      learnRequestSecrets(scrubber, e.schema, e.type, req);
      return withDiagnostics(await guardedRpc(s, method, () => fn(e, s)), s.diagnostics, scrubber);
    });
  }

  private providerScrubber(req: { config?: unknown }): SecretScrubber {
    const scrubber = new SecretScrubber();
    learnRequestSecrets(scrubber, this.provider.schema, this.providerType, req);
    return scrubber;
  }

  private context(s: CallScope): ResourceContext<unknown> {
    return { providerData: this.providerData, signal: s.signal, diagnostics: s.diagnostics, log: s.log };
  }

  private logFor(rpcName: string, typeName?: string): Logger {
    return this.host.log.with(typeName ? { tf_rpc: rpcName, tf_resource_type: typeName } : { tf_rpc: rpcName });
  }

  private resourceMap(): Map<string, Entry<Resource<unknown>>> {
    this.resources ??= register(this.provider.typeName, "resource", resolveList(this.provider.resources));
    return this.resources;
  }

  private dataSourceMap(): Map<string, Entry<DataSource<unknown>>> {
    this.dataSources ??= register(this.provider.typeName, "data source", resolveList(this.provider.dataSources ?? []));
    return this.dataSources;
  }
}

const CAPABILITIES = { plan_destroy: true, get_provider_schema_optional: true } as const;

function resolveList<T>(list: readonly T[] | (() => readonly T[])): readonly T[] {
  return typeof list === "function" ? list() : list;
}

function register<T extends { typeName: string; schema: Schema }>(
  providerType: string,
  kind: string,
  items: readonly T[],
): Map<string, Entry<T>> {
  const map = new Map<string, Entry<T>>();
  for (const impl of items) {
    if (!impl.typeName.startsWith(`${providerType}_`)) {
      throw new Error(`The ${kind} type "${impl.typeName}" must start with "${providerType}_".`);
    }
    if (map.has(impl.typeName)) throw new Error(`The ${kind} type "${impl.typeName}" is registered twice.`);
    checkSchema(impl.schema, impl.typeName);
    map.set(impl.typeName, { impl, schema: impl.schema, type: objectType(impl.schema) });
  }
  return map;
}

function unknownType(diags: Diagnostics, kind: string, typeName: string): Diagnostics {
  diags.error(`Unknown ${kind} type`, `This provider has no ${kind} type "${typeName}".`);
  return diags;
}

async function guardedRpc<R>(s: CallScope, method: string, fn: () => Promise<R>): Promise<R> {
  const result = await guarded(method, s.diagnostics, s.log, fn);
  return result ?? ({} as R);
}

function withDiagnostics<R>(res: R, diags: Diagnostics, scrubber: SecretScrubber): R {
  return { ...res, diagnostics: diagnosticsToWire(scrubber.diagnostics(diags.all)) };
}
