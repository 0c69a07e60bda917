// Entry point for provider executables. A main.ts imports only `runPlugin` from lib/provider/plugin and requires
// this module inside its factory, so the framework and the provider's code load after the handshake line is out
// (Terraform starts providers several times per command, and whatever loads before the handshake is paid each
// time); the server is required lazily for the same reason.
import type { PluginHost, ProviderHandlers } from "../plugin";
import type { AnySchema, Provider } from "./resource";

/**
 * The tfplugin6 handlers serving `provider`, for `runPlugin` from lib/provider/plugin:
 * `runPlugin((host) => require("…/framework").providerHandlers(require("./provider").myProvider, host))`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function providerHandlers(provider: Provider<any, AnySchema>, host: PluginHost): ProviderHandlers {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ProviderServer } = require("./server/provider-server") as typeof import("./server/provider-server");
  return new ProviderServer(provider, host).handlers();
}
