// The gRPC routes of a provider process: tfplugin6 methods decoded and handed to the provider's handlers, and
// go-plugin's controller (Shutdown), stdio and broker services.
import { tfplugin6Codec } from "./codec";
import { GrpcError, GrpcStatus } from "./grpc-server";
import type { CallInfo, GrpcRoute } from "./grpc-server";
import type { PluginLogger } from "./logger";
import { tierUpAfterCalls } from "./tier-up";
import { TFPLUGIN6_METHODS } from "./wire-types";
import type { ProviderHandlers } from "./wire-types";

/** The handlers and logger serving one call (one set per process, or per session in a warm process). */
export interface CallTarget {
  readonly handlers: ProviderHandlers;
  readonly log: PluginLogger;
}

/**
 * The routes of one process. `schema` is the encoded GetProviderSchema answer made at bundle time
 * (bundled-schema.ts): served as it is, without asking `target`, so a start that only asks for the schema never
 * loads the provider.
 */
export function buildRoutes(
  target: (call: CallInfo) => CallTarget,
  shutdown: (call: CallInfo) => void,
  prebuiltSchema?: Uint8Array,
): Map<string, GrpcRoute> {
  const routes = new Map<string, GrpcRoute>();
  // The schema is the same for every session of a process, and the largest answer (tens of kB for incus): a warm
  // process serving plan after plan encodes it once. An answer with diagnostics is not kept.
  let schema = prebuiltSchema;
  const counted = tierUpAfterCalls();
  for (const method of TFPLUGIN6_METHODS) {
    let codec: ReturnType<typeof tfplugin6Codec> | undefined; // built on first use: most RPCs never come
    routes.set(`/tfplugin6.Provider/${method}`, {
      kind: "unary",
      handler: async (bytes, call) => {
        counted();
        if (method === "GetProviderSchema" && schema) return schema;
        const { handlers, log } = target(call);
        const handle = handlers[method] as ((req: unknown) => Promise<unknown>) | undefined;
        if (!handle) throw new GrpcError(GrpcStatus.UNIMPLEMENTED, `${method} is not implemented by this provider`);
        codec ??= tfplugin6Codec(method);
        const started = log.enabled("trace") ? Date.now() : 0;
        const response = await handle(codec.decodeRequest(bytes));
        if (started) log.trace("served " + method, { ms: Date.now() - started });
        const encoded = codec.encodeResponse(response);
        if (method === "GetProviderSchema" && !hasDiagnostics(response)) schema = encoded;
        return encoded;
      },
    });
  }
  routes.set("/plugin.GRPCController/Shutdown", {
    kind: "unary",
    handler: async (_bytes, call) => {
      shutdown(call);
      return new Uint8Array(0); // plugin.Empty
    },
  });
  routes.set("/plugin.GRPCStdio/StreamStdio", { kind: "stub" });
  routes.set("/plugin.GRPCBroker/StartStream", { kind: "stub" });
  return routes;
}

function hasDiagnostics(response: unknown): boolean {
  const diagnostics = (response as { diagnostics?: unknown[] } | undefined)?.diagnostics;
  return Array.isArray(diagnostics) && diagnostics.length > 0;
}
