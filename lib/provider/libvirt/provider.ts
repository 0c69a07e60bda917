// The bundled libvirt provider: its configuration (provider-schema.ts) and its resources of the bundled libvirt provider. The client is
// created on first use, so `terraform validate` and plans of unchanged configurations never start virsh.
import type { AnySchema, DataSource, Provider, Resource } from "../framework";
import { isUnknown, knownOrNull, numberFromEnv } from "../framework";
import { DEFAULT_LIBVIRT_URI, LibvirtClient } from "../../libvirt";
import { cloudinitDiskResource } from "./cloudinit/resource";
import { combustionResource } from "./combustion/resource";
import {
  domainInterfaceAddressesDataSource,
  nodeDeviceInfoDataSource,
  nodeDevicesDataSource,
  nodeInfoDataSource,
} from "./data-sources";
import { domainResource } from "./domain/resource";
import { RecentDomainLookups } from "./domain/recent-lookups";
import { ignitionResource } from "./ignition/resource";
import { networkResource } from "./network/resource";
import { poolResource } from "./pool/resource";
import type { LibvirtProviderData } from "./provider-data";
import { SHUTDOWN_TIMEOUT_ENV } from "./provider-data";
import { libvirtProviderSchema } from "./provider-schema";
import { volumeResource } from "./volume/resource";

/** Seconds a guest gets to shut down before it is destroyed, unless a resource or the environment says otherwise. */
export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 30;
/** Environment variable overriding that default (e.g. for test runs with guests that have no OS). */
export { SHUTDOWN_TIMEOUT_ENV };

/**
 * Environment variable setting how long a read waits for concurrent reads to share its virsh process (ms; 0: a
 * process per read), e.g. to compare the two. Default: the runner's.
 */
export const READ_WINDOW_ENV = "CDKTF_VIRT_LIBVIRT_READ_WINDOW_MS";

/** The read window from the environment, undefined when not set there. */
export function readWindowFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return numberFromEnv(env, READ_WINDOW_ENV, "milliseconds (e.g. 5, or 0)");
}

/** The default graceful-shutdown budget in ms, from the environment when set there. */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return (numberFromEnv(env, SHUTDOWN_TIMEOUT_ENV, "seconds (e.g. 30)") ?? DEFAULT_SHUTDOWN_TIMEOUT_SECONDS) * 1000;
}

export const libvirtProvider: Provider<LibvirtProviderData, typeof libvirtProviderSchema> = {
  typeName: "libvirt",
  schema: libvirtProviderSchema,
  async configure(config) {
    const uri = knownOrNull(config.uri) ?? process.env.LIBVIRT_DEFAULT_URI ?? DEFAULT_LIBVIRT_URI;
    const uriKnown = !isUnknown(config.uri);
    let client: LibvirtClient | undefined;
    const readWindowMs = readWindowFromEnv();
    return {
      uri,
      shutdownTimeoutMs: shutdownTimeoutFromEnv(),
      recentDomainLookups: new RecentDomainLookups(),
      client() {
        if (!uriKnown)
          throw new Error("The provider's uri is not known yet (it depends on a value computed during apply).");
        client ??= new LibvirtClient({ uri, timeoutMs: 10 * 60 * 1000, readWindowMs });
        return client;
      },
    };
  },
  resources: (): readonly Resource<LibvirtProviderData, AnySchema>[] => [
    poolResource,
    volumeResource,
    domainResource,
    networkResource,
    cloudinitDiskResource,
    ignitionResource,
    combustionResource,
  ],
  dataSources: (): readonly DataSource<LibvirtProviderData, AnySchema>[] => [
    nodeInfoDataSource,
    nodeDevicesDataSource,
    nodeDeviceInfoDataSource,
    domainInterfaceAddressesDataSource,
  ],
};
