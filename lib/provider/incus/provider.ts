// The `provider "incus" { ... }` block (schema-compatible with lxc/incus) and the list of resources and data
// sources. `configure` builds the remote table; clients connect lazily when a resource first needs one.
import { REMOTE_NAME_DESCRIPTION, remoteNameProblem } from "../../remote-names";
import type { Unknown } from "../cty";
import type { AnySchema, DataSource, PlanModel, Provider, Resource, Schema } from "../framework";
import { bool, custom, isUnknown, knownOrNull, listBlock, oneOf, str } from "../framework";
import { MAX_DURATION_MS, parseDuration } from "./common";
import { imageDataSource } from "./image/data-source";
import { imageResource } from "./image/resource";
import { instanceResource, instanceSnapshotResource } from "./instance";
import { recordingPlans } from "./instance/planned-objects";
import { networkDataSource } from "./network/data-source";
import { networkResource } from "./network/resource";
import { profileDataSource } from "./profile/data-source";
import { profileResource } from "./profile/resource";
import { projectDataSource } from "./project/data-source";
import { projectResource } from "./project/resource";
import type { IncusProviderData } from "./provider-data";
import type { RemoteSettings } from "./remotes";
import { Remotes } from "./remotes";
import { storagePoolDataSource } from "./storage/pool-data-source";
import { storagePoolResource } from "./storage/pool-resource";
import { storageVolumeDataSource } from "./storage/volume-data-source";
import { storageVolumeResource } from "./storage/volume-resource";
import { storageVolumeSnapshotResource } from "./storage/volume-snapshot-resource";

/** Used when `wait_timeout` is not set: the official provider's fixed wait. */
export const DEFAULT_WAIT_TIMEOUT = "3m";

const durationValidator = custom((value) => {
  try {
    if (parseDuration(String(value)) <= 0) return "wait_timeout must be longer than zero.";
  } catch (err) {
    return `wait_timeout ${(err as Error).message}.`;
  }
  return undefined;
}, `a duration such as 90s or 5m, at most ${MAX_DURATION_MS} ms`);

// A remote's name becomes servercerts/<name>.crt: the same rule as the IncusHost construct and the remote table.
const remoteNameValidator = custom((value) => remoteNameProblem(String(value)), REMOTE_NAME_DESCRIPTION);

export const providerSchema = {
  description: "Incus containers, virtual machines, networks, storage, profiles, projects and images.",
  attributes: {
    config_dir: str({ optional: true, description: "The incus client's configuration directory. Default: $INCUS_CONF, else ~/.config/incus." }),
    generate_client_certificates: bool({ optional: true, description: "Create client.crt/client.key in config_dir when missing (env INCUS_GENERATE_CLIENT_CERTS)." }),
    accept_remote_certificate: bool({ optional: true, description: "Pin an HTTPS remote's certificate on first contact when its trust token names no fingerprint (env INCUS_ACCEPT_SERVER_CERTIFICATE). A token's fingerprint always decides." }),
    default_remote: str({ optional: true, description: "The remote used when a resource leaves `remote` unset." }),
    wait_timeout: str({
      optional: true,
      description: `How long waits (instance start, wait_for, long operations) may take, e.g. "10m"; at most 596h31m23s (${MAX_DURATION_MS} ms, the longest a timer can wait). Default ${DEFAULT_WAIT_TIMEOUT}. An addition to the official schema.`,
      validators: [durationValidator],
    }),
  },
  blocks: {
    remote: listBlock(
      {
        name: str({ required: true, description: `The remote's name, as resources refer to it: ${REMOTE_NAME_DESCRIPTION} (it names the file its pinned certificate is kept in).`, validators: [remoteNameValidator] }),
        address: str({ optional: true, description: "unix:// (local socket), unix:///path/to/socket or https://host:8443; a comma-separated list uses the first. Default: the address in config.yml." }),
        protocol: str({ optional: true, description: "incus (default), simplestreams or oci.", validators: [oneOf(["incus", "simplestreams", "oci"])] }),
        credentials_helper: str({ optional: true, description: "OCI credentials helper (oci remotes only)." }),
        authentication_type: str({ optional: true, description: "tls (default) or oidc.", validators: [oneOf(["tls", "oidc"])] }),
        token: str({ optional: true, sensitive: true, description: "One-time trust token from `incus config trust add`." }),
        public: bool({ optional: true, description: "The remote needs no authentication." }),
      },
      { description: "An Incus server or image server." },
    ),
  },
} satisfies Schema;

type RemoteBlock = Exclude<PlanModel<typeof providerSchema>["remote"], Unknown>[number];

/** The remote blocks; none while the whole list is unknown (a dynamic block over unknown values). */
function remoteBlocks(config: PlanModel<typeof providerSchema>): readonly RemoteBlock[] {
  return knownOrNull(config.remote) ?? [];
}

function remoteSettings(block: RemoteBlock, name: string, blockIndex: number): RemoteSettings {
  return {
    name,
    address: knownOrNull(block.address),
    protocol: knownOrNull(block.protocol),
    authenticationType: knownOrNull(block.authentication_type),
    token: knownOrNull(block.token),
    public: knownOrNull(block.public),
    unknown: Object.values(block).some((v) => isUnknown(v)),
    blockIndex,
  };
}

export const incusProvider: Provider<IncusProviderData, typeof providerSchema> = {
  typeName: "incus",
  schema: providerSchema,
  async validateConfig(config, ctx) {
    remoteBlocks(config).forEach((r, i) => {
      if (r.authentication_type === "oidc") {
        ctx.diagnostics.error("OIDC is not supported", "The bundled provider authenticates with TLS client certificates only; remove authentication_type or use \"tls\".", ["remote", i, "authentication_type"]);
      }
    });
  },
  async configure(config, ctx) {
    const waitTimeoutMs = parseDuration(knownOrNull(config.wait_timeout) ?? DEFAULT_WAIT_TIMEOUT);
    return Remotes.configure(
      {
        configDir: knownOrNull(config.config_dir),
        generateClientCertificates: knownOrNull(config.generate_client_certificates),
        acceptRemoteCertificate: knownOrNull(config.accept_remote_certificate),
        defaultRemote: knownOrNull(config.default_remote),
        // Filtered after numbering, so diagnostics point at the block as written.
        remotes: remoteBlocks(config)
          .map((b, i) => {
            const name = isUnknown(b) ? null : knownOrNull(b.name);
            return name === null ? undefined : remoteSettings(b, name, i);
          })
          .filter((r) => r !== undefined),
        waitTimeoutMs,
      },
      ctx,
    );
  },
  // Recorded plans let an instance's plan-time checks accept objects the same run creates (instance/planned-objects.ts).
  resources: (): readonly Resource<IncusProviderData, AnySchema>[] => [
    projectResource,
    networkResource,
    storagePoolResource,
    storageVolumeResource,
    storageVolumeSnapshotResource,
    profileResource,
    imageResource,
    instanceResource,
    instanceSnapshotResource,
  ].map((r) => recordingPlans(r)),
  dataSources: (): readonly DataSource<IncusProviderData, AnySchema>[] => [
    imageDataSource,
    networkDataSource,
    profileDataSource,
    projectDataSource,
    storagePoolDataSource,
    storageVolumeDataSource,
  ],
};
