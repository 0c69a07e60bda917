// Entry points for provider executables. The server is required lazily so that a process started by hand (no
// magic cookie) exits without loading it, and so that provider code loads after the handshake line is out.
import type { PluginHost, ProviderHandlers } from "../plugin";
import type { Provider } from "./resource";

/**
 * Runs `provider` as a Terraform plugin: checks the magic cookie, does the go-plugin handshake on stdout, then
 * serves tfplugin6 until Terraform shuts it down; the process exits on Shutdown.
 *
 * Pass a function (`serveProvider(() => require("./provider").myProvider)`) to load the provider's modules
 * only after the handshake line is out: Terraform starts providers several times per command, and whatever is
 * loaded before the handshake is paid every time. (For the leanest start, a main.ts can instead import only
 * `runPlugin` from lib/provider/plugin and require this module inside its factory: see providerHandlers.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serveProvider(provider: Provider<any> | (() => Provider<any>)): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const plugin = require("../plugin") as typeof import("../plugin");
  plugin.runPlugin((host) => providerHandlers(typeof provider === "function" ? provider() : provider, host));
}

/**
 * The tfplugin6 handlers serving `provider`, for `runPlugin` from lib/provider/plugin:
 * `runPlugin((host) => require("…/framework").providerHandlers(require("./provider").myProvider, host))`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function providerHandlers(provider: Provider<any>, host: PluginHost): ProviderHandlers {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ProviderServer } = require("./server/provider-server") as typeof import("./server/provider-server");
  return new ProviderServer(provider, host).handlers();
}
