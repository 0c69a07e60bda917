// incus_network on the test cluster the way the official provider's TestAccNetwork_target uses it: a part pending
// on every member (`target`), then the cluster-wide network. The cluster-wide create keeps its description (Incus
// 6.0 drops one sent with that create), and a cluster-wide create of a network or storage pool that the members
// refuse shows their error, not "already exists" (the failed create leaves the object there, errored).
import { randomBytes } from "node:crypto";
import type { IncusClient } from "../../../lib/incus";
import { hostsFile } from "../../support/incus-hosts";
import { TerraformWorkspace, requiredProviders } from "../../support/terraform";
import { clusterClient, MEMBERS, requireCluster } from "../cluster/support";

jest.setTimeout(300_000);

// Network names have at most 15 characters (they are interface names on the members).
const prefix = `t-clu-${randomBytes(2).toString("hex")}`;
let client: IncusClient;
let ws: TerraformWorkspace;

beforeAll(async () => {
  client = clusterClient();
  await requireCluster(client);
  ws = TerraformWorkspace.create({ providers: ["incus"], prefix, env: { INCUS_CONF: hostsFile().configDir } });
});

afterAll(async () => {
  try {
    await ws?.run(["destroy", "-auto-approve", "-input=false"]);
    for (const n of await client.networks.list())
      if (n.name.startsWith(prefix)) await client.networks.delete(n.name).catch(() => undefined);
    for (const p of await client.storagePools.list())
      if (p.name.startsWith(prefix)) await client.storagePools.delete(p.name).catch(() => undefined);
  } finally {
    ws?.cleanup();
    await client.close();
  }
});

/**
 * A network or pool (`type` "incus_network" or "incus_storage_pool") with a part on every member and its
 * cluster-wide resource; `kind` is the type or driver attribute, `memberConfig` and `config` HCL map entries.
 */
const clustered = (
  type: string,
  id: string,
  name: string,
  kind: string,
  memberConfig: string,
  config: string,
  extra = "",
) => `
resource "${type}" "${id}_part" {
  for_each = toset(${JSON.stringify(MEMBERS)})
  remote   = "cluster"
  name     = "${name}"
  ${kind}
  target   = each.key
  config   = { ${memberConfig} }
}

resource "${type}" "${id}" {
  depends_on = [${type}.${id}_part]
  remote     = "cluster"
  name       = "${name}"
  ${kind}
  config     = { ${config} }
  ${extra}
}
`;

test("the cluster-wide network keeps its description; a network or pool the members refuse shows their error", async () => {
  const bridge = `${prefix}-b`;
  const described = clustered(
    "incus_network",
    "bridge",
    bridge,
    `type = "bridge"`,
    `"bridge.external_interfaces" = "nosuchint"`,
    `"ipv4.address" = "none", "ipv6.address" = "none"`,
    `description = "clustered network description"`,
  );
  ws.write("main.tf", `${requiredProviders(["incus"])}\n${described}`);
  await ws.init();
  await ws.apply();
  expect((await ws.resource("incus_network.bridge"))?.values.description).toBe("clustered network description");
  expect((await client.networks.get(bridge)).value.description).toBe("clustered network description");
  expect((await ws.plan()).code).toBe(0);

  // No member has this parent interface: each member refuses the macvlan network.
  const refused = clustered(
    "incus_network",
    "macvlan",
    `${prefix}-m`,
    `type = "macvlan"`,
    `parent = "t-clu-nosuch"`,
    `vlan = "400"`,
  );
  // No member has this source directory: each member refuses the pool.
  const pool = clustered(
    "incus_storage_pool",
    "pool",
    `${prefix}-p`,
    `driver = "dir"`,
    `source = "/nonexistent/${prefix}"`,
    "",
  );
  ws.write("main.tf", `${requiredProviders(["incus"])}\n${described}\n${refused}\n${pool}`);
  const failed = await ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(failed.code).toBe(1);
  expect(failed.output).toContain('Parent interface "t-clu-nosuch" not found');
  expect(failed.output).toContain(`Source path '/nonexistent/${prefix}' doesn't exist`);
  expect(failed.output).not.toContain("already exists");
});
