// Helpers shared by every incus_* resource: import IDs, config drift rules, adopt-on-create, not-found
// handling, waits, device blocks, and the create/read/update/delete skeleton of single-object resources.
export { formatImportId, importIdFormat, parseImportId } from "./import-id";
export type { ImportIdSpec, ParsedImportId } from "./import-id";
export { OWNER_KEY, PROTECT_KEY, configEqual, configMap, isComputedKey, mergeForPut, stripComputedConfig } from "./config";
export { adoptOrFail, createOrAdopt, plannedOwner } from "./adopt";
export type { AdoptCheck, CreateOrAdoptSteps } from "./adopt";
export { errorMessage, ignoreNotFound, reportError } from "./errors";
export {
  WaitStoppedError,
  WaitTimeoutError,
  budgetSignal,
  formatDuration,
  parseDuration,
  sleep,
  waitUntil,
} from "./wait";
export type { WaitOptions } from "./wait";
export { DEVICE_TYPES, deviceBlock, devicesFromBlocks, devicesToBlocks } from "./devices";
export type { DeviceBlockValue } from "./devices";
export { callFor, clientFor, optionalString } from "./scope";
export type { ScopedValues } from "./scope";
export { knownOr, provisionalState } from "./state";
export { managedObjectLifecycle } from "./managed-object";
export type { ManagedObjectKind } from "./managed-object";
