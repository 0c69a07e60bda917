// Helpers shared by every incus_* resource: import IDs, config drift rules, adopt-on-create, not-found
// handling, waits, device blocks, and the create/read/update/delete skeleton of single-object resources.
export { formatImportId, parseImportId } from "./import-id";
export {
  OWNER_KEY,
  PROTECT_KEY,
  configEqual,
  configMap,
  mergeForPut,
  stripComputedConfig,
  userConfigOf,
} from "./config";
export type { UserConfig } from "./config";
export { adoptOrFail } from "./adopt";
export { errorMessage, ignoreNotFound } from "./errors";
export { MAX_DURATION_MS, WaitStoppedError, WaitTimeoutError, parseDuration, sleep, waitUntil } from "./wait";
export { deviceBlock, devicesFromBlocks, devicesToBlocks } from "./devices";
export type { DeviceBlockValue } from "./devices";
export { expandHome } from "./local-paths";
export { SECRET_INSTANCE_CONFIG_KEYS } from "./secret-keys";
export { byteSizeProblem, configValueChecks, instanceName, objectName, unixId } from "./input-checks";
export { callFor, clientFor, optionalString } from "./scope";
export { knownOr, provisionalState } from "./state";
export { managedObjectLifecycle } from "./managed-object";
export { cliRemote, cliVolumeRef, incusCommand, printedCommands, shellWord, volumeCopyCommand } from "./cli-command";
export type { CliRemote } from "./cli-command";
export {
  checkApiExtensionsAtPlan,
  missingApiExtensions,
  missingExtensionError,
  requireApiExtensions,
  requiringApiExtension,
  serverOf,
} from "./api-extension";
export { parseAddressImportId } from "./address-import-id";
export { listenAddressResource } from "./listen-address-object";
export { checkNetworkTypeAtPlan, reportDriverRefusal } from "./network-driver-refusal";
export { ipAddress } from "./ip-address";
