// Reading a live Incus host: every object the import may turn into a construct, in one project, filtered by a
// name prefix so the command can be pointed at a shared host. Progress goes to stderr while it reads.
import type {
  Certificate,
  ClusterGroup,
  ImageAlias,
  IncusClient,
  Instance,
  Network,
  NetworkACL,
  Profile,
  Project,
  StoragePool,
  StorageVolume,
} from "../../incus";
import { isNotFound } from "../../incus";
import { ToolError } from "../common/errors";
import type { PooledBucket } from "./plan-buckets";
import type { NetworkForwardOf } from "./plan-forwards";
import type { NetworkLoadBalancerOf } from "./plan-load-balancers";
import type { ZoneWithRecords } from "./plan-zones";

/** A custom volume together with the pool it lives in (the API object does not name its pool). */
export interface PooledVolume extends StorageVolume {
  readonly pool: string;
}

/** What the import saw on the host. Lists hold only objects whose names start with `prefix`, except `pools`. */
export interface HostSnapshot {
  /** Name of the remote in the generated code (the IncusHost name), e.g. "local". */
  readonly remoteName: string;
  /** The IncusHost address in the generated code: "unix://" or "https://host:8443". */
  readonly address: string;
  /** The project that was read ("default" unless --project). */
  readonly project: string;
  /** The project object itself when it is not "default". */
  readonly projectInfo?: Project;
  /** Only objects whose names start with this are imported ("" = all). */
  readonly prefix: string;
  /** Every storage pool (volumes and root disks refer to pools; the matching ones are imported). */
  readonly pools: readonly StoragePool[];
  readonly volumes: readonly PooledVolume[];
  readonly networks: readonly Network[];
  readonly profiles: readonly Profile[];
  readonly instances: readonly Instance[];
  /** Network zones with their records (absent: none read). */
  readonly zones?: readonly ZoneWithRecords[];
  /** The forwards of the networks in `networks` that have them (bridge, OVN) (absent: none read). */
  readonly forwards?: readonly NetworkForwardOf[];
  /** Network ACLs (absent: none read). */
  readonly acls?: readonly NetworkACL[];
  /** The load balancers of the OVN networks in `networks` (absent: none read). */
  readonly loadBalancers?: readonly NetworkLoadBalancerOf[];
  /** Storage buckets of the matching pools, with their keys (absent: none read). */
  readonly buckets?: readonly PooledBucket[];
  /** Trusted certificates (the trust store is the server's, not a project's) (absent: none read). */
  readonly certificates?: readonly Certificate[];
  /** The fingerprint of the certificate the import connected with (https), which is never imported. */
  readonly ownFingerprint?: string;
  /** The cluster's member names, when the host is a cluster. */
  readonly clusterMembers?: readonly string[];
  /** Cluster groups, when the host is a cluster (absent: none read). */
  readonly clusterGroups?: readonly ClusterGroup[];
  /** Image aliases visible in the project (to name an instance's image by alias instead of fingerprint). */
  readonly imageAliases: readonly ImageAlias[];
}

export interface ReadHostOptions {
  readonly remoteName: string;
  readonly address: string;
  /** @default "default" */
  readonly project?: string;
  /** @default "" (everything) */
  readonly prefix?: string;
  /** Receives one line per step, e.g. "reading instances… 4". */
  readonly progress?: (line: string) => void;
}

/** Reads everything the import needs from `client`. */
export async function readHost(client: IncusClient, options: ReadHostOptions): Promise<HostSnapshot> {
  const project = options.project ?? "default";
  const prefix = options.prefix ?? "";
  const say = options.progress ?? (() => undefined);
  const call = { project };
  const matches = (name: string) => name.startsWith(prefix);

  let projectInfo: Project | undefined;
  if (project !== "default") {
    say(`reading project ${project}…`);
    try {
      projectInfo = (await client.projects.get(project)).value;
    } catch (err) {
      if (isNotFound(err)) {
        throw new ToolError(
          `The project "${project}" does not exist on ${client.endpoint}; check --project (\`incus project list\`).`,
        );
      }
      throw err;
    }
  }

  // Objects newer servers have are read only where the server has their API extension.
  const server = (await client.server.get()).value;
  const has = (extension: string) => (server.api_extensions ?? []).includes(extension);
  const clustered = server.environment?.server_clustered === true;
  // A client certificate's fingerprint names the TLS user; over the unix socket the user is a unix account.
  const ownFingerprint = server.auth_user_method === "tls" ? server.auth_user_name : undefined;

  const pools = await step(say, "storage pools", () => client.storagePools.list(call));
  const volumes: PooledVolume[] = [];
  for (const pool of pools) {
    for (const volume of await client.storageVolumes.list(pool.name, call)) {
      // The listing also holds snapshots ("vol/snap") on some servers; those come with their volume.
      if (volume.type !== "custom" || volume.name.includes("/") || !matches(volume.name)) continue;
      volumes.push({ ...volume, pool: pool.name });
    }
  }
  say(`reading volumes… ${volumes.length}`);
  const networks = await step(say, "networks", async () =>
    (await client.networks.list(call)).filter((n) => n.managed && matches(n.name)),
  );
  const profiles = await step(say, "profiles", async () =>
    (await client.profiles.list(call)).filter((p) => p.name !== "default" && matches(p.name)),
  );
  const instances = await step(say, "instances", async () =>
    (await client.instances.list(call)).filter((i) => matches(i.name)),
  );
  const zones: ZoneWithRecords[] = [];
  for (const zone of await client.networkZones.list(call)) {
    if (!matches(zone.name)) continue;
    zones.push({ ...zone, records: byName(await client.networkZoneRecords.list(zone.name, call)) });
  }
  say(`reading network zones… ${zones.length}`);
  const forwards: NetworkForwardOf[] = [];
  for (const network of networks) {
    if (network.type !== "bridge" && network.type !== "ovn") continue;
    for (const forward of await client.networkForwards.list(network.name, call))
      forwards.push({ ...forward, network: network.name });
  }
  say(`reading network forwards… ${forwards.length}`);
  const acls = await step(say, "network ACLs", async () =>
    (await client.networkACLs.list(call)).filter((a) => matches(a.name)),
  );
  const loadBalancers: NetworkLoadBalancerOf[] = [];
  if (has("network_load_balancer")) {
    for (const network of networks) {
      if (network.type !== "ovn") continue;
      for (const lb of await client.networkLoadBalancers.list(network.name, call))
        loadBalancers.push({ ...lb, network: network.name });
    }
    say(`reading network load balancers… ${loadBalancers.length}`);
  }
  const buckets: PooledBucket[] = [];
  if (has("storage_buckets")) {
    for (const pool of pools) {
      if (!matches(pool.name)) continue;
      for (const bucket of await client.storageBuckets.list(pool.name, call)) {
        if (!matches(bucket.name)) continue;
        const keys = byName(await client.storageBucketKeys.list(pool.name, bucket.name, call));
        buckets.push({ ...bucket, pool: pool.name, keys });
      }
    }
    say(`reading storage buckets… ${buckets.length}`);
  }
  const certificates = await step(say, "trusted certificates", async () =>
    (await client.certificates.list()).filter((c) => matches(c.name)),
  );
  let clusterMembers: string[] | undefined;
  let clusterGroups: ClusterGroup[] | undefined;
  if (clustered) {
    clusterMembers = (await client.cluster.listMembers()).map((m) => m.server_name).sort(compare);
    if (has("clustering_groups"))
      clusterGroups = await step(say, "cluster groups", async () =>
        (await client.clusterGroups.list()).filter((g) => g.name !== "default" && matches(g.name)),
      );
  }
  const imageAliases =
    instances.length === 0 ? [] : await step(say, "image aliases", () => client.images.listAliases(call));

  return {
    remoteName: options.remoteName,
    address: options.address,
    project,
    projectInfo,
    prefix,
    pools: byName(pools),
    volumes: [...volumes].sort((a, b) => compare(`${a.pool}/${a.name}`, `${b.pool}/${b.name}`)),
    networks: byName(networks),
    profiles: byName(profiles),
    instances: byName(instances),
    zones: byName(zones),
    forwards: [...forwards].sort((a, b) =>
      compare(`${a.network}/${a.listen_address}`, `${b.network}/${b.listen_address}`),
    ),
    acls: byName(acls),
    loadBalancers: [...loadBalancers].sort((a, b) =>
      compare(`${a.network}/${a.listen_address}`, `${b.network}/${b.listen_address}`),
    ),
    buckets: [...buckets].sort((a, b) => compare(`${a.pool}/${a.name}`, `${b.pool}/${b.name}`)),
    certificates: byName(certificates),
    ownFingerprint,
    clusterMembers,
    clusterGroups: clusterGroups === undefined ? undefined : byName(clusterGroups),
    imageAliases: byName(imageAliases),
  };
}

async function step<T>(say: (line: string) => void, what: string, read: () => Promise<T[]>): Promise<T[]> {
  const found = await read();
  say(`reading ${what}… ${found.length}`);
  return found;
}

function byName<T extends { readonly name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => compare(a.name, b.name));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
