// Public surface of the bundled libvirt provider: the provider definition and its resources (main.ts serves it).
export {
  libvirtProvider,
  DEFAULT_SHUTDOWN_TIMEOUT_SECONDS,
  SHUTDOWN_TIMEOUT_ENV,
  shutdownTimeoutFromEnv,
} from "./provider";
export type { LibvirtProviderData } from "./provider-data";
export { poolResource } from "./pool/resource";
export { volumeResource, volumeState } from "./volume/resource";
export { volumeSchema, capacityBytes } from "./volume/schema";
export { domainResource, needsRedefine, needsRestart } from "./domain/resource";
export { domainSchema } from "./domain/schema";
export { domainSpecFrom, memoryKiB } from "./domain/spec";
export { domainState, machineState } from "./domain/state";
export { leasedAddresses, waitForAddresses } from "./domain/addresses";
export { networkResource } from "./network/resource";
