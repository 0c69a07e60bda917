// Public surface of the bundled incus provider: the Provider value (for serveProvider and tests), the data
// resources receive, and the schema for tools that inspect it.
export { incusProvider, providerSchema, DEFAULT_WAIT_TIMEOUT } from "./provider";
export type { IncusProviderData, RemoteInfo } from "./provider-data";
export { OWNER_KEY } from "./common";
