// The three-member Incus cluster of scripts/setup-incus-hosts.sh, reached over HTTPS through member1 with the tests'
// client identity, as a user's stack reaches it: an IncusHost with the cluster's address, the configuration
// directory and the member names. Cleanup removes whatever carries the suite's prefix, on every member.
import type { TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { UNSCOPED } from "../../../lib/incus/api";
import { IncusHost } from "../../../lib";
import { hostsFile, httpsClient, requireHttpsHost } from "../../support/incus-hosts";

export const MEMBERS = ["member1", "member2", "member3"] as const;

/** The cluster as an IncusHost of `stack` (remote "cluster", whose pinned certificate the setup saved). */
export function clusterHost(stack: TerraformStack, id = "cluster"): IncusHost {
  const { configDir, cluster } = hostsFile();
  return new IncusHost(stack, id, {
    name: cluster.remote,
    address: cluster.addresses[0],
    configDir,
    clusterMembers: [...MEMBERS],
  });
}

/** An HTTPS client for the cluster (through member1). */
export function clusterClient(): IncusClient {
  const { cluster } = hostsFile();
  return httpsClient(cluster.addresses[0], cluster.remote);
}

/** Fails clearly unless the cluster answers with three online members and the test pool and image. */
export async function requireCluster(client: IncusClient): Promise<void> {
  await requireHttpsHost(client, "The Incus cluster");
  const members = await client.api.list<{ server_name: string; status: string }>(
    "/1.0/cluster/members",
    undefined,
    UNSCOPED,
  );
  const online = members
    .filter((m) => m.status === "Online")
    .map((m) => m.server_name)
    .sort();
  if (online.join(",") !== MEMBERS.join(",")) {
    throw new Error(
      `The Incus cluster should have ${MEMBERS.join(", ")} online; it has ${JSON.stringify(
        members.map((m) => [m.server_name, m.status]),
      )}. Run \`bash scripts/setup-incus-hosts.sh\`.`,
    );
  }
}

/** Removes the instances, custom volumes and pools whose names start with `prefix`, on every member. */
export async function cleanupCluster(client: IncusClient, prefix: string, pool: string): Promise<void> {
  for (const instance of (await client.instances.list()).filter((i) => i.name.startsWith(prefix))) {
    await client.instances
      .patch(instance.name, { config: { "security.protection.delete": "false" } })
      .catch(() => undefined);
    await client.instanceState.stop(instance.name, { force: true }).catch(() => undefined);
    await client.instances.delete(instance.name).catch(() => undefined);
  }
  const pools = [
    pool,
    ...(await client.storagePools.list()).map((p) => p.name).filter((name) => name.startsWith(prefix)),
  ];
  for (const p of pools) {
    for (const volume of (await client.storageVolumes.list(p)).filter(
      (v) => v.type === "custom" && v.name.startsWith(prefix),
    )) {
      await client.storageVolumes.delete(p, volume.name, { target: volume.location }).catch(() => undefined);
    }
  }
  // Network names are short (15 characters): recognised by their owner marker.
  for (const n of (await client.networks.list()).filter((n) =>
    String(n.config?.["user.cdktf-virt.owner"] ?? "").startsWith(prefix),
  )) {
    await client.networks.delete(n.name).catch(() => undefined);
  }
  for (const p of (await client.storagePools.list()).filter((p) => p.name.startsWith(prefix))) {
    await client.storagePools.delete(p.name).catch(() => undefined);
  }
}
