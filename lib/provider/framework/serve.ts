// Entry point for provider executables: `serveProvider(provider)` from a main.ts. The server and the plugin
// host are required lazily so that a process started by hand (no magic cookie) exits without loading gRPC.
import type { Provider } from "./resource";

/**
 * Runs `provider` as a Terraform plugin: checks the magic cookie, does the go-plugin handshake on stdout, then
 * serves tfplugin6 until Terraform shuts it down. Never returns normally; the process exits on Shutdown.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serveProvider(provider: Provider<any>): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const plugin = require("../plugin") as typeof import("../plugin");
  plugin.runPlugin((host) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ProviderServer } = require("./server/provider-server") as typeof import("./server/provider-server");
    return new ProviderServer(provider, host).handlers();
  });
}
