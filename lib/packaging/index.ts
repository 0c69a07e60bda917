// Public surface of packaging: where the bundled providers are, their source addresses, and installing them
// into a Terraform filesystem mirror.
export {
  BUNDLED_PROVIDER_TYPES,
  PROVIDER_HOSTNAME,
  PROVIDER_NAMESPACE,
  PROVIDER_VERSION,
  bundledProviderPath,
  cliConfigForMirror,
  defaultMirrorDir,
  installBundledProviders,
  mirrorExecutablePath,
  providerSource,
  terraformPlatform,
} from "./mirror";
export type { InstallOptions, InstalledProvider } from "./mirror";
export { packageRoot, packageVersion } from "./package-info";
