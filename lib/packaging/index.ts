// Public surface of packaging: where the bundled providers are, their source addresses, installing them into a
// Terraform filesystem mirror, and the stack's working directory (lock file, a local state cut short).
export {
  cliConfigReachesMirror,
  BUNDLED_PROVIDER_TYPES,
  PROVIDER_HOSTNAME,
  PROVIDER_NAMESPACE,
  PROVIDER_VERSION,
  bundledProviderPath,
  cliConfigForMirror,
  defaultMirrorDir,
  installBundledProviders,
  mirrorExecutablePath,
  prepareWorkingDirectory,
  providerSource,
  sameBytes,
  terraformPlatform,
} from "./mirror";
export type { InstallOptions, InstalledProvider } from "./mirror";
export { packageHashV1, parseLockBlocks, renderLockEntry, updateLockFile } from "./lock-file";
export type { LockEntry } from "./lock-file";
export { packageRoot, packageVersion } from "./package-info";
export { lockedOnLinux, recoverCutLocalState } from "./local-state";
export type { CutStateRecovery, RecoverOptions } from "./local-state";
