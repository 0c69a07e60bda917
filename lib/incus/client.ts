// IncusClient ties the layers together: one transport (one undici Agent) per remote, one request
// sender, and the typed endpoint modules on top. Safe to share between many concurrent calls.
import { IncusApi } from "./api";
import { checkTimeoutMs } from "./cancel";
import { CertificatesApi } from "./certificates";
import { ClusterApi } from "./cluster";
import { ClusterGroupsApi } from "./cluster-groups";
import { IncusError } from "./errors";
import { ExecApi } from "./exec";
import { ImagesApi } from "./images";
import { InstanceFilesApi } from "./instance-files";
import { InstanceStateApi } from "./instance-state";
import { InstancesApi } from "./instances";
import { NetworkACLsApi } from "./network-acls";
import { NetworkAddressSetsApi } from "./network-address-sets";
import { NetworkForwardsApi } from "./network-forwards";
import { NetworkLoadBalancersApi } from "./network-load-balancers";
import { NetworkPeersApi } from "./network-peers";
import { NetworkIntegrationsApi } from "./network-integrations";
import { NetworkZoneRecordsApi } from "./network-zone-records";
import { NetworkZonesApi } from "./network-zones";
import { NetworksApi } from "./networks";
import { ProfilesApi } from "./profiles";
import { ProjectsApi } from "./projects";
import type { IncusRemote } from "./remotes/remote";
import { resolveRemote } from "./remotes/remote";
import { RequestSender } from "./request";
import { ServerApi } from "./server";
import { InstanceSnapshotsApi, VolumeSnapshotsApi } from "./snapshots";
import { StorageBucketKeysApi } from "./storage-bucket-keys";
import { StorageBucketsApi } from "./storage-buckets";
import { StoragePoolsApi } from "./storage-pools";
import { StorageVolumesApi } from "./storage-volumes";
import type { Transport } from "./transport";
import { openTransport } from "./transport";

export interface IncusClientOptions {
  /** Which daemon to talk to. @default the local unix socket (INCUS_SOCKET / INCUS_DIR honoured) */
  readonly remote?: IncusRemote;
  /** Project used by calls that do not name one. @default none: the server's "default" project */
  readonly project?: string;
  /** Maximum simultaneous connections to the remote. @default unlimited */
  readonly connections?: number;
  // Each budget below is in milliseconds, at most 2^31-1 (the longest a timer can wait).
  /** Budget of one HTTP request (an operation wait is polled in slices, each its own request). @default 60000 */
  readonly requestTimeoutMs?: number;
  /** Default budget of a whole call, including the wait for its operation. @default 600000 */
  readonly operationTimeoutMs?: number;
  /** Budget for opening a connection (TCP + TLS handshake). @default 10000 */
  readonly connectTimeoutMs?: number;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  return value === undefined ? fallback : checkTimeoutMs(`IncusClient option ${name}`, value);
}

export class IncusClient {
  /** Human description of the remote, e.g. `unix:/var/lib/incus/unix.socket` or `https://10.0.0.2:8443`. */
  readonly endpoint: string;
  /** Lower-level calls for endpoints without a typed module (same options, errors and waiting). */
  readonly api: IncusApi;
  readonly server: ServerApi;
  readonly certificates: CertificatesApi;
  readonly projects: ProjectsApi;
  readonly networks: NetworksApi;
  readonly networkACLs: NetworkACLsApi;
  readonly networkAddressSets: NetworkAddressSetsApi;
  readonly networkForwards: NetworkForwardsApi;
  readonly networkLoadBalancers: NetworkLoadBalancersApi;
  readonly networkPeers: NetworkPeersApi;
  readonly storagePools: StoragePoolsApi;
  readonly storageVolumes: StorageVolumesApi;
  readonly profiles: ProfilesApi;
  readonly instances: InstancesApi;
  readonly instanceState: InstanceStateApi;
  readonly instanceFiles: InstanceFilesApi;
  readonly exec: ExecApi;
  readonly images: ImagesApi;
  readonly instanceSnapshots: InstanceSnapshotsApi;
  readonly volumeSnapshots: VolumeSnapshotsApi;
  readonly networkZones: NetworkZonesApi;
  readonly networkZoneRecords: NetworkZoneRecordsApi;
  readonly cluster: ClusterApi;
  readonly clusterGroups: ClusterGroupsApi;
  readonly storageBuckets: StorageBucketsApi;
  readonly storageBucketKeys: StorageBucketKeysApi;
  readonly networkIntegrations: NetworkIntegrationsApi;
  private readonly transport: Transport;

  constructor(options: IncusClientOptions = {}) {
    const requestTimeoutMs = positive("requestTimeoutMs", options.requestTimeoutMs, 60_000);
    const operationTimeoutMs = positive("operationTimeoutMs", options.operationTimeoutMs, 600_000);
    const connectTimeoutMs = positive("connectTimeoutMs", options.connectTimeoutMs, 10_000);
    if (options.connections !== undefined && !(Number.isInteger(options.connections) && options.connections > 0)) {
      throw new IncusError(
        "INVALID_OPTIONS",
        `IncusClient option connections must be a positive integer, got ${options.connections}`,
      );
    }
    const remote = resolveRemote(options.remote);
    this.transport = openTransport(remote, { connections: options.connections, connectTimeoutMs });
    this.endpoint = remote.endpoint;
    this.api = new IncusApi(new RequestSender(this.transport, requestTimeoutMs), {
      project: options.project,
      operationTimeoutMs,
    });
    this.server = new ServerApi(this.api);
    this.certificates = new CertificatesApi(this.api);
    this.projects = new ProjectsApi(this.api);
    this.networks = new NetworksApi(this.api);
    this.networkACLs = new NetworkACLsApi(this.api);
    this.networkAddressSets = new NetworkAddressSetsApi(this.api);
    this.networkForwards = new NetworkForwardsApi(this.api);
    this.networkLoadBalancers = new NetworkLoadBalancersApi(this.api);
    this.networkPeers = new NetworkPeersApi(this.api);
    this.storagePools = new StoragePoolsApi(this.api);
    this.storageVolumes = new StorageVolumesApi(this.api);
    this.profiles = new ProfilesApi(this.api);
    this.instances = new InstancesApi(this.api);
    this.instanceState = new InstanceStateApi(this.api);
    this.instanceFiles = new InstanceFilesApi(this.api);
    this.exec = new ExecApi(this.api);
    this.images = new ImagesApi(this.api);
    this.instanceSnapshots = new InstanceSnapshotsApi(this.api);
    this.volumeSnapshots = new VolumeSnapshotsApi(this.api);
    this.networkZones = new NetworkZonesApi(this.api);
    this.networkZoneRecords = new NetworkZoneRecordsApi(this.api);
    this.cluster = new ClusterApi(this.api);
    this.clusterGroups = new ClusterGroupsApi(this.api);
    this.storageBuckets = new StorageBucketsApi(this.api);
    this.storageBucketKeys = new StorageBucketKeysApi(this.api);
    this.networkIntegrations = new NetworkIntegrationsApi(this.api);
  }

  /** Closes pooled connections after in-flight requests finish. The client is unusable afterwards. */
  async close(): Promise<void> {
    await this.transport.close();
  }
}
