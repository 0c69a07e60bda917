// The incus provider: its configuration (provider-schema.ts) and the list of resources and data sources.
// `configure` builds the remote table; clients connect lazily when a resource first needs one.
import type { Unknown } from "../cty";
import type { AnySchema, DataSource, PlanModel, Provider, Resource } from "../framework";
import { isUnknown, knownOrNull } from "../framework";
import { parseDuration } from "./common";
import {
  certificateDataSource,
  clusterDataSource,
  instanceDataSource,
  networkAclDataSource,
  networkAddressSetDataSource,
  networkForwardDataSource,
  networkIntegrationDataSource,
  networkLoadBalancerDataSource,
  networkPeerDataSource,
  networkZoneDataSource,
  storageBucketDataSource,
} from "./data-sources";
import { certificateResource } from "./certificate/resource";
import { clusterGroupResource } from "./cluster-group/resource";
import { imageDataSource } from "./image/data-source";
import { imageResource } from "./image/resource";
import { instanceResource, instanceSnapshotResource } from "./instance";
import { recordingPlans } from "./instance/planned-objects";
import { networkDataSource } from "./network/data-source";
import { networkResource } from "./network/resource";
import { networkAclResource } from "./network-acl/resource";
import { networkAddressSetResource } from "./network-address-set/resource";
import { networkForwardResource } from "./network-forward/resource";
import { networkLbResource } from "./network-lb/resource";
import { networkPeerResource } from "./network-peer/resource";
import { networkIntegrationResource } from "./network-integration/resource";
import { networkZoneRecordResource } from "./network-zone-record/resource";
import { networkZoneResource } from "./network-zone/resource";
import { profileDataSource } from "./profile/data-source";
import { profileResource } from "./profile/resource";
import { projectDataSource } from "./project/data-source";
import { projectResource } from "./project/resource";
import type { IncusProviderData } from "./provider-data";
import { DEFAULT_WAIT_TIMEOUT, providerSchema } from "./provider-schema";
import type { RemoteSettings } from "./remotes";
import { Remotes } from "./remotes";
import { serverResource } from "./server/resource";
import { storageBucketKeyResource } from "./storage-bucket-key/resource";
import { storageBucketResource } from "./storage-bucket/resource";
import { storagePoolDataSource } from "./storage/pool-data-source";
import { storagePoolResource } from "./storage/pool-resource";
import { storageVolumeDataSource } from "./storage/volume-data-source";
import { storageVolumeResource } from "./storage/volume-resource";
import { storageVolumeSnapshotResource } from "./storage/volume-snapshot-resource";

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
    credentialsHelper: knownOrNull(block.credentials_helper),
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
        ctx.diagnostics.error(
          "OIDC is not supported",
          'The bundled provider authenticates with TLS client certificates only; remove authentication_type or use "tls".',
          ["remote", i, "authentication_type"],
        );
      }
      // As in the official provider: a credentials helper needs protocol = "oci" set next to it.
      const helper = r.credentials_helper;
      if (typeof helper === "string" && !isUnknown(r.protocol) && r.protocol !== "oci") {
        ctx.diagnostics.error(
          "credentials_helper needs an OCI remote",
          `credentials_helper authenticates to OCI registries; set protocol = "oci" in this remote block${
            typeof r.protocol === "string" ? ` (it is ${JSON.stringify(r.protocol)})` : ""
          }, or remove credentials_helper.`,
          ["remote", i, "credentials_helper"],
        );
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
  resources: (): readonly Resource<IncusProviderData, AnySchema>[] =>
    [
      projectResource,
      networkResource,
      networkAclResource,
      networkForwardResource,
      networkAddressSetResource,
      networkLbResource,
      networkPeerResource,
      storagePoolResource,
      storageVolumeResource,
      storageVolumeSnapshotResource,
      profileResource,
      imageResource,
      instanceResource,
      instanceSnapshotResource,
      networkZoneResource,
      networkZoneRecordResource,
      certificateResource,
      clusterGroupResource,
      serverResource,
      networkIntegrationResource,
      storageBucketResource,
      storageBucketKeyResource,
    ].map((r) => recordingPlans(r)),
  dataSources: (): readonly DataSource<IncusProviderData, AnySchema>[] => [
    imageDataSource,
    networkDataSource,
    profileDataSource,
    projectDataSource,
    storagePoolDataSource,
    storageVolumeDataSource,
    clusterDataSource,
    instanceDataSource,
    networkAclDataSource,
    networkAddressSetDataSource,
    networkForwardDataSource,
    networkIntegrationDataSource,
    networkLoadBalancerDataSource,
    networkPeerDataSource,
    networkZoneDataSource,
    storageBucketDataSource,
    certificateDataSource,
  ],
};
