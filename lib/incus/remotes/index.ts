// Incus remotes in one place: where a daemon lives (socket or HTTPS), the incus CLI's configuration directory
// (config.yml, client certificate, pinned server certificates), trust tokens and fingerprints, and the table of
// named remotes built from them. Used by the provider, doctor and import alike.
export type { IncusRemote, UnixSocketRemote, HttpsRemote } from "./remote";
export { resolveSocketPath, DEFAULT_INCUS_DIR } from "./remote";
export type { ParsedAddress } from "./address";
export { parseAddress, splitAddresses, isHttpsAddress } from "./address";
export type { ClientConfig, ClientConfigRemote } from "./client-config";
export { resolveConfigDir, configDirPaths, readClientConfig } from "./client-config";
export type { ClientIdentity, ClientCertificateGenerator } from "./credentials";
export { certificateFingerprint, loadClientIdentity } from "./credentials";
export type { TrustToken } from "./trust-token";
export { decodeTrustToken } from "./trust-token";
export type { RemoteDefinition, RemoteHints, RemoteInfo, RemoteTableOptions, TrustSetup } from "./remote-table";
export { RemoteTable } from "./remote-table";
