// Configurations from the official lxc/incus provider's acceptance tests for the zone, certificate, cluster group,
// server, network integration and storage bucket resources (github.com/lxc/terraform-provider-incus,
// internal/{network,certificate,cluster,server,storage}/resource_*_test.go at v1.1.1), run against the bundled
// provider through terraform and the real incusd. Each case names the upstream test and asserts what its checks
// assert (state attributes), plus the object in Incus. Changes to the official configurations: fixed names
// (zones, the integration "test", certificates' owners, the server's pre-existing key) get this run's unique
// prefix so that runs never meet; cluster groups go to the test cluster (remote "cluster"); a member name
// replaces the data source incus_cluster. TestAccNetworkIntegration_attach (an OVN network and a remote peer) runs
// in upstream-network-compat.test.ts with the other OVN configurations. Not run: TestAccStorageBucket_{target,project,importBasic,importProject,sourceFile} and
// TestAccStorageBucketKey_{role,project,importBasic,importProject}, which all need a bucket, and no bucket can exist
// on this host (no MinIO): the _basic cases of both run and end at that refusal (docs/incus-resources.md).
import { certificateFingerprint } from "../../../lib/incus";
import { hostsFile } from "../../support/incus-hosts";
import { clusterClient, requireCluster } from "../cluster/support";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
const cluster = clusterClient();

beforeAll(async () => {
  h = await harness("upmisc");
});

afterAll(async () => {
  try {
    await h?.close();
  } finally {
    await cluster.close();
  }
});

/** Attribute values of a resource in state (after apply). */
async function values(address: string): Promise<Record<string, unknown>> {
  const r = await h.ws.resource(address);
  if (!r) throw new Error(`${address} is not in state`);
  return r.values as Record<string, unknown>;
}

async function destroy(): Promise<void> {
  await h.ws.destroy();
}

// --- incus_network_zone ----------------------------------------------------------------------------------------

function zoneName(suffix: string, project?: string): string {
  const name = `${h.name(suffix)}.custom.example.org`;
  h.cleanup.add(`zone ${name}`, () => h.client.networkZones.delete(name, project ? { project } : {}));
  return name;
}

const zoneBasic = (name: string, description = ""): string => `
resource "incus_network_zone" "zone" {
  name = "${name}"
${description ? `  description = "${description}"\n` : ""}  config = {
    "dns.nameservers" = "ns.custom.example.org"
    "peers.ns.address" = "127.0.0.1"
  }
}
`;

// TestAccNetworkZone_basic and TestAccNetworkZone_importBasic (import by name, state verified).
test("TestAccNetworkZone_basic + importBasic", async () => {
  const name = zoneName("zb");
  h.config(zoneBasic(name));
  await h.apply();
  const state = await values("incus_network_zone.zone");
  expect(state).toMatchObject({ name, description: "" });
  expect(state.config).toEqual({ "dns.nameservers": "ns.custom.example.org", "peers.ns.address": "127.0.0.1" });
  expect((await h.client.networkZones.get(name)).value.config?.["peers.ns.address"]).toBe("127.0.0.1");

  await h.ws.ok(["state", "rm", "incus_network_zone.zone"]);
  await h.import("incus_network_zone.zone", name);
  expect(await values("incus_network_zone.zone")).toEqual(state);
  await h.expectNoChanges();
  await destroy();
});

// TestAccNetworkZone_description: two steps with the same configuration.
test("TestAccNetworkZone_description", async () => {
  const name = zoneName("zd");
  h.config(zoneBasic(name, "descriptive"));
  await h.apply();
  expect(await values("incus_network_zone.zone")).toMatchObject({ name, description: "descriptive" });
  await h.apply();
  await h.expectNoChanges();
  await destroy();
});

// TestAccNetworkZone_project and TestAccNetworkZone_importProject (import as project/name).
test("TestAccNetworkZone_project + importProject", async () => {
  const project = h.name("zproj");
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  const name = zoneName("zp", project);
  h.config(`
resource "incus_project" "project1" {
  name = "${project}"
  config = {
    "features.networks"       = false
    "features.networks.zones" = true
  }
}

resource "incus_network_zone" "zone" {
  name    = "${name}"
  project = incus_project.project1.name

  config = {
    "dns.nameservers"  = "ns.custom.example.org"
    "peers.ns.address" = "127.0.0.1"
  }
}
`);
  await h.apply();
  const state = await values("incus_network_zone.zone");
  expect(state).toMatchObject({ name, project });
  expect((await h.client.networkZones.get(name, { project })).value.name).toBe(name);

  await h.ws.ok(["state", "rm", "incus_network_zone.zone"]);
  await h.import("incus_network_zone.zone", `${project}/${name}`);
  expect(await values("incus_network_zone.zone")).toEqual(state);
  await h.expectNoChanges();
  await destroy();
});

// --- incus_network_zone_record ---------------------------------------------------------------------------------

const zoneWithRecord = (zone: string, record: string): string => `
resource "incus_network_zone" "zone" {
  name = "${zone}"

  config = {
    "dns.nameservers"  = "ns.${zone}"
    "peers.ns.address" = "127.0.0.1"
  }
}
${record}`;

// TestAccNetworkZoneRecord_basic and TestAccNetworkZoneRecord_importBasic (import as /zone/name).
test("TestAccNetworkZoneRecord_basic + importBasic", async () => {
  const zone = zoneName("rb");
  const record = "happy-fox";
  h.config(
    zoneWithRecord(
      zone,
      `resource "incus_network_zone_record" "record" {
  name        = "${record}"
  zone        = incus_network_zone.zone.name
  description = "Network zone record"
}
`,
    ),
  );
  await h.apply();
  expect((await values("incus_network_zone.zone")).config).toMatchObject({ "dns.nameservers": `ns.${zone}` });
  const state = await values("incus_network_zone_record.record");
  expect(state).toMatchObject({ name: record, zone, description: "Network zone record" });
  expect((await h.client.networkZoneRecords.get(zone, record)).value.description).toBe("Network zone record");

  await h.ws.ok(["state", "rm", "incus_network_zone_record.record"]);
  await h.import("incus_network_zone_record.record", `/${zone}/${record}`);
  expect(await values("incus_network_zone_record.record")).toEqual(state);
  await h.expectNoChanges();
  await destroy();
});

// TestAccNetworkZoneRecord_entries: a CNAME entry, then its value changed.
test("TestAccNetworkZoneRecord_entries", async () => {
  const zone = zoneName("re");
  const step = (value: string): string =>
    zoneWithRecord(
      zone,
      `resource "incus_network_zone_record" "record" {
  name = "calm-owl"
  zone = incus_network_zone.zone.name

  entry {
    type  = "CNAME"
    value = "${value}"
    ttl   = 3600
  }
}
`,
    );
  for (const value of ["one", "two"]) {
    h.config(step(value));
    await h.apply();
    const state = await values("incus_network_zone_record.record");
    expect(state.entry).toEqual([{ type: "CNAME", value, ttl: 3600 }]);
    expect((await h.client.networkZoneRecords.get(zone, "calm-owl")).value.entries).toEqual([
      { type: "CNAME", value, ttl: 3600 },
    ]);
    await h.expectNoChanges();
  }
  await destroy();
});

// --- incus_certificate -----------------------------------------------------------------------------------------

const METRICS_CERT =
  "-----BEGIN CERTIFICATE-----\\nMIIBwjCCAUigAwIBAgIUCGycHG038IvNWOBtciK4Bk7fB3wwCgYIKoZIzj0EAwMw\\nGDEWMBQGA1UEAwwNbWV0cmljcy5sb2NhbDAeFw0yNDExMDUxNzU2MDdaFw0zNDEx\\nMDMxNzU2MDdaMBgxFjAUBgNVBAMMDW1ldHJpY3MubG9jYWwwdjAQBgcqhkjOPQIB\\nBgUrgQQAIgNiAASJeWxvoByh7+4A6k+SrrpQ/NGBRPvqBloV5fTmy9uPaRMZew9K\\nIVg/8+7ciXK4193eLeVBQiILxj++a5lCvthmJcbpRkckyXuhQc4/JMuTW2h6jYWX\\nTsTZfJEnvYU4IpqjUzBRMB0GA1UdDgQWBBQAqliKxB7id1A+4TQU0adTAB0+RTAf\\nBgNVHSMEGDAWgBQAqliKxB7id1A+4TQU0adTAB0+RTAPBgNVHRMBAf8EBTADAQH/\\nMAoGCCqGSM49BAMDA2gAMGUCMFYzGT/0ko01qFrD8QFkqhNPzuSA6yV8p6SSKUk2\\nJ/35p8EoEmVb1LWldJ4KOxu8nAIxAOkoWTOfi0Nrb4MeKyu1R2zqD+CfgUlZjhLi\\n4+1L464g/5a/nSIfDX+VyC+PNGBQFw==\\n-----END CERTIFICATE-----\\n";

const WHITESPACE_CERT = `-----BEGIN CERTIFICATE-----
MIIB0TCCAVagAwIBAgIQdcncrUO5YxyVEZtetEsKdzAKBggqhkjOPQQDAzAwMRkw
FwYDVQQKExBMaW51eCBDb250YWluZXJzMRMwEQYDVQQDDApyb290QGhwODQwMB4X
DTI1MTEyNjA5MzM1OVoXDTM1MTEyNDA5MzM1OVowMDEZMBcGA1UEChMQTGludXgg
Q29udGFpbmVyczETMBEGA1UEAwwKcm9vdEBocDg0MDB2MBAGByqGSM49AgEGBSuB
BAAiA2IABOkwSJ1gvUUDMnYAXKSVKTt0NVkdpjrRmCrD5zEKDeWO1yNDAHDxzGq3
422mEJWi0vw28Jf9HNHj758a6AGhkwh4iUB1VfP80vXJIFjMXA38K31OYtnQqres
Q84sWKlX2qM1MDMwDgYDVR0PAQH/BAQDAgWgMBMGA1UdJQQMMAoGCCsGAQUFBwMC
MAwGA1UdEwEB/wQCMAAwCgYIKoZIzj0EAwMDaQAwZgIxAMHlzDBhms+LFAC/ZMVh
nFuZQHi8u/XYnlYHKNjiygvDRSsxM1fM1yfi42D0Iq8h5QIxAKPzZ/W6eRae0BbP
jL2lT/FPHfxsvOc+Orf34EX5aCjAfUDxBi1jIxYNum+v2JHhQQ==
-----END CERTIFICATE-----
`;

/** Removes the trust entry of `pem` after the tests (it may be left by a failed run). */
function trackCertificate(pem: string): string {
  const fingerprint = certificateFingerprint(pem);
  h.cleanup.add(`certificate ${fingerprint}`, () => h.client.certificates.delete(fingerprint));
  return fingerprint;
}

// TestAccCertificate_basic.
test("TestAccCertificate_basic", async () => {
  const fingerprint = trackCertificate(METRICS_CERT.replace(/\\n/g, "\n"));
  const name = h.name("cert");
  h.config(`
resource "incus_certificate" "cert1" {
  name        = "${name}"
  certificate = "${METRICS_CERT}"
}
`);
  await h.apply();
  const state = await values("incus_certificate.cert1");
  expect(state).toMatchObject({ name, description: "", type: "client", restricted: false, projects: [], fingerprint });
  expect((await h.client.certificates.get(fingerprint)).value).toMatchObject({ name, type: "client" });
  await h.expectNoChanges();
  await destroy();
});

// TestAccCertificate_withProject.
test("TestAccCertificate_withProject", async () => {
  const fingerprint = trackCertificate(METRICS_CERT.replace(/\\n/g, "\n"));
  const name = h.name("certp");
  const project = h.name("cproj");
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  h.config(`
resource "incus_project" "project1" {
  name        = "${project}"
}

resource "incus_certificate" "cert1" {
  name        = "${name}"
  restricted  = true
  type        = "metrics"
  projects    = [incus_project.project1.name]
  certificate = "${METRICS_CERT}"
}
`);
  await h.apply();
  expect(await values("incus_certificate.cert1")).toMatchObject({
    name,
    description: "",
    type: "metrics",
    restricted: true,
    projects: [project],
  });
  expect((await h.client.certificates.get(fingerprint)).value).toMatchObject({ type: "metrics", projects: [project] });
  await h.expectNoChanges();
  await destroy();
});

// TestAccCertificate_withWhitespaces: a heredoc certificate.
test("TestAccCertificate_withWhitespaces", async () => {
  trackCertificate(WHITESPACE_CERT);
  const name = h.name("certw");
  h.config(`
resource "incus_certificate" "cert1" {
  name        = "${name}"
  certificate = <<EOT
${WHITESPACE_CERT}EOT
}
`);
  await h.apply();
  expect(await values("incus_certificate.cert1")).toMatchObject({
    name,
    description: "",
    type: "client",
    restricted: false,
    projects: [],
  });
  await h.expectNoChanges();
  await destroy();
});

// --- incus_cluster_group (on the test cluster) -----------------------------------------------------------------

describe("incus_cluster_group on the test cluster", () => {
  const provider = (): string => `  config_dir = "${hostsFile().configDir}"`;

  beforeAll(async () => {
    await requireCluster(cluster);
  });

  function groupName(suffix: string): string {
    const name = h.name(suffix);
    h.cleanup.add(`cluster group ${name}`, async () => {
      if (!(await cluster.clusterGroups.find(name))) return;
      await cluster.clusterGroups.update(name, { description: "", members: [] });
      await cluster.clusterGroups.delete(name);
    });
    return name;
  }

  // TestAccClusterGroup_basic.
  test("TestAccClusterGroup_basic", async () => {
    const name = groupName("g1");
    h.config(`resource "incus_cluster_group" "group1" {\n  remote = "cluster"\n  name   = "${name}"\n}\n`, provider());
    await h.apply();
    expect(await values("incus_cluster_group.group1")).toMatchObject({ name, description: "", members: null });
    expect((await cluster.clusterGroups.get(name)).value.name).toBe(name);
    await h.expectNoChanges();
    await destroy();
    expect(await cluster.clusterGroups.find(name)).toBeUndefined();
  });

  // TestAccClusterGroup_description.
  test("TestAccClusterGroup_description", async () => {
    const name = groupName("g2");
    h.config(
      `resource "incus_cluster_group" "group1" {\n  remote      = "cluster"\n  name        = "${name}"\n  description = "Cluster group description"\n}\n`,
      provider(),
    );
    await h.apply();
    expect(await values("incus_cluster_group.group1")).toMatchObject({
      name,
      description: "Cluster group description",
    });
    await h.expectNoChanges();
    await destroy();
  });

  // TestAccClusterGroup_withMembers, with the first member named instead of read from data.incus_cluster.
  test("TestAccClusterGroup_withMembers", async () => {
    const name = groupName("g3");
    h.config(
      `locals {\n  member_names = ["member1", "member2", "member3"]\n}\n\nresource "incus_cluster_group" "group1" {\n  remote  = "cluster"\n  name    = "${name}"\n  members = [local.member_names[0]]\n}\n`,
      provider(),
    );
    await h.apply();
    expect(await values("incus_cluster_group.group1")).toMatchObject({ name, members: ["member1"] });
    expect((await cluster.clusterGroups.get(name)).value.members).toEqual(["member1"]);
    await h.expectNoChanges();
    await destroy();
  });
});

// --- incus_server (user.* keys only; every key is this run's own) ----------------------------------------------

describe("incus_server", () => {
  let pre: string;

  beforeAll(() => {
    pre = `user.${h.name("pre-existing")}.key`;
    h.cleanup.add(`server key ${pre}`, () => h.client.server.patchConfig({ [pre]: "" }));
  });

  /** Names whose keys the test creates; all are unset after the test whatever happens. */
  function keyOwner(suffix: string): string {
    const owner = `acctest-${h.name(suffix)}`;
    h.cleanup.add(`server keys of ${owner}`, () =>
      h.client.server.patchConfig({
        [`user.${owner}.create`]: "",
        [`user.${owner}.update`]: "",
        [`user.${owner}.remove`]: "",
      }),
    );
    return owner;
  }

  const server1 = (n: string): string => `
resource "incus_server" "${n}" {
  config = {
    "user.${n}.create" = "value"
    "user.${n}.update" = "value"
    "user.${n}.remove" = "value"
  }
}
`;
  const server2 = (n: string): string => `
resource "incus_server" "${n}" {
  config = {
    "user.${n}.create"    = "value"
    "user.${n}.update"    = "new_value" // updated
    // "user.${n}.remove" = "value" // removed (commented out)
  }
}
`;
  const serverPreExisting = (n: string): string => `
resource "incus_server" "${n}" {
  config = {
    "user.${n}.create"             = "value"
		"user.${n}.update"             = "value"
    "user.${n}.remove"             = "value"
    "${pre}" = "new_value" // pre existing key, now managed through Terraform
  }
}
`;
  const live = async (): Promise<Record<string, string>> => (await h.client.server.get()).value.config;
  const preConfig = (): Promise<void> => h.client.server.patchConfig({ [pre]: "pre-existing" });

  // TestAccServer_create_update_delete: the pre-existing key is neither managed nor touched.
  test("TestAccServer_create_update_delete", async () => {
    await preConfig();
    const n = keyOwner("cud");
    h.config(server1(n));
    await h.apply();
    let state = await values(`incus_server.${n}`);
    expect(state.config).toEqual({
      [`user.${n}.create`]: "value",
      [`user.${n}.update`]: "value",
      [`user.${n}.remove`]: "value",
    });
    h.config(server2(n));
    await h.apply();
    state = await values(`incus_server.${n}`);
    expect(state.config).toEqual({ [`user.${n}.create`]: "value", [`user.${n}.update`]: "new_value" });
    expect((await live())[`user.${n}.remove`]).toBeUndefined();
    await h.expectNoChanges();
    await destroy();
    expect((await live())[`user.${n}.create`]).toBeUndefined();
    expect((await live())[pre]).toBe("pre-existing");
  });

  // TestAccServer_empty.
  test("TestAccServer_empty", async () => {
    h.config(`resource "incus_server" "test" {\n}\n`);
    await h.apply();
    expect((await values("incus_server.test")).config).toEqual({});
    await h.expectNoChanges();
    await destroy();
  });

  // TestAccServer_create_overwrite_pre_existing: the pre-existing key is taken over, and gone after destroy.
  test("TestAccServer_create_overwrite_pre_existing", async () => {
    await preConfig();
    const n = keyOwner("cop");
    h.config(serverPreExisting(n));
    await h.apply();
    expect((await values(`incus_server.${n}`)).config).toMatchObject({ [pre]: "new_value" });
    expect((await live())[pre]).toBe("new_value");
    await destroy();
    expect((await live())[pre]).toBeUndefined();
  });

  // TestAccServer_update_overwrite_pre_existing: first not managed, then taken over.
  test("TestAccServer_update_overwrite_pre_existing", async () => {
    await preConfig();
    const n = keyOwner("uop");
    h.config(server1(n));
    await h.apply();
    expect((await values(`incus_server.${n}`)).config).not.toHaveProperty([pre]);
    h.config(serverPreExisting(n));
    await h.apply();
    expect((await values(`incus_server.${n}`)).config).toMatchObject({ [pre]: "new_value" });
    await h.expectNoChanges();
    await destroy();
    expect((await live())[pre]).toBeUndefined();
  });

  // TestAccServer_multiple_resources: each resource sees only its own keys.
  test("TestAccServer_multiple_resources", async () => {
    await preConfig();
    const n1 = keyOwner("m1");
    const n2 = keyOwner("m2");
    h.config(server1(n1) + server1(n2));
    await h.apply();
    for (const [mine, other] of [
      [n1, n2],
      [n2, n1],
    ]) {
      const config = (await values(`incus_server.${mine}`)).config as Record<string, string>;
      expect(Object.keys(config).sort()).toEqual([`user.${mine}.create`, `user.${mine}.remove`, `user.${mine}.update`]);
      expect(config).not.toHaveProperty([`user.${other}.create`]);
    }
    h.config(server2(n1) + server2(n2));
    await h.apply();
    for (const n of [n1, n2])
      expect((await values(`incus_server.${n}`)).config).toEqual({
        [`user.${n}.create`]: "value",
        [`user.${n}.update`]: "new_value",
      });
    await h.expectNoChanges();
    await destroy();
    expect((await live())[pre]).toBe("pre-existing");
  });
});

// --- incus_network_integration (stored by Incus; never dialled) ------------------------------------------------

describe("incus_network_integration", () => {
  function integrationName(): string {
    const name = h.name("nint");
    h.cleanup.add(`network integration ${name}`, () => h.client.networkIntegrations.delete(name));
    return name;
  }

  // TestAccNetworkIntegration_basic.
  test("TestAccNetworkIntegration_basic", async () => {
    const name = integrationName();
    h.config(
      `resource "incus_network_integration" "test" {\n  name        = "${name}"\n  description = "Basic Network Integration"\n  type        = "ovn"\n}\n`,
    );
    await h.apply();
    expect(await values("incus_network_integration.test")).toMatchObject({
      name,
      description: "Basic Network Integration",
      type: "ovn",
    });
    expect((await h.client.networkIntegrations.get(name)).value.type).toBe("ovn");
    await h.expectNoChanges();
    await destroy();
  });

  // TestAccNetworkIntegration_withConfig (documentation addresses: stored, never dialled).
  test("TestAccNetworkIntegration_withConfig", async () => {
    const name = integrationName();
    const config = {
      "ovn.northbound_connection": "tcp:[192.0.2.12]:6645,tcp:[192.0.3.13]:6645,tcp:[192.0.3.14]:6645",
      "ovn.southbound_connection": "tcp:[192.0.2.12]:6646,tcp:[192.0.3.13]:6646,tcp:[192.0.3.14]:6646",
    };
    const entries = Object.entries(config)
      .map(([k, v]) => `${JSON.stringify(k)} = ${JSON.stringify(v)}`)
      .join("\n");
    h.config(`
resource "incus_network_integration" "test" {
  name        = "${name}"
  description = "Network Integration with Config"
  type        = "ovn"

  config = {
    ${entries}
  }
}
`);
    await h.apply();
    const state = await values("incus_network_integration.test");
    expect(state).toMatchObject({ name, type: "ovn" });
    expect(state.config).toEqual(config);
    expect((await h.client.networkIntegrations.get(name)).value.config).toEqual(config);
    await h.expectNoChanges();
    await destroy();
  });

  // TestAccNetworkIntegration_withValidType and TestAccNetworkIntegration_withInvalidType.
  test("TestAccNetworkIntegration_withValidType + withInvalidType", async () => {
    const name = integrationName();
    const withType = (type: string): string =>
      `resource "incus_network_integration" "test" {\n  name        = "${name}"\n  description = "Network Integration with Type"\n  type        = "${type}"\n}\n`;
    h.config(withType("ovn"));
    await h.apply();
    expect(await values("incus_network_integration.test")).toMatchObject({ name, type: "ovn" });
    await destroy();

    h.config(withType("invalid"));
    const r = await h.run(["plan", "-input=false", "-no-color"]);
    expect(r.code).toBe(1);
    // Upstream: `Attribute type value must be one of: ["ovn"], got: "invalid"`.
    expectOutput(r, /expected one of: "ovn"/);
    expect(await h.client.networkIntegrations.find(name)).toBeUndefined();
  });
});

// --- incus_storage_bucket and incus_storage_bucket_key: end at the host's missing MinIO ------------------------

describe("storage buckets (this host has no MinIO)", () => {
  function poolName(suffix: string): string {
    const name = h.name(suffix);
    h.cleanup.add(`storage pool ${name}`, () => h.client.storagePools.delete(name));
    return name;
  }

  // TestAccStorageBucket_basic: the dir pool is created; the bucket is refused, naming MinIO.
  test("TestAccStorageBucket_basic ends at the MinIO refusal", async () => {
    const pool = poolName("bpool");
    h.config(`
resource "incus_storage_pool" "pool1" {
  name   = "${pool}"
  driver = "dir"
}

resource "incus_storage_bucket" "bucket1" {
  name = "bucket1"
  pool = incus_storage_pool.pool1.name
}
`);
    const r = await h.applyFails();
    expectOutput(r, /incus_storage_bucket: the Incus server has no MinIO to serve bucket "bucket1"/);
    expect(await h.client.storageBuckets.find(pool, "bucket1")).toBeUndefined();
    await destroy();
    expect(await h.client.storagePools.find(pool)).toBeUndefined();
  });

  // TestAccStorageBucketKey_basic: the same, with a key that is never attempted.
  test("TestAccStorageBucketKey_basic ends at the MinIO refusal", async () => {
    const pool = poolName("kpool");
    h.config(`
resource "incus_storage_pool" "pool1" {
	name   = "${pool}"
	driver = "dir"
}

resource "incus_storage_bucket" "bucket1" {
	name = "bucket1"
	pool = incus_storage_pool.pool1.name
}

resource "incus_storage_bucket_key" "key1" {
	name           = "key1"
	pool           = incus_storage_bucket.bucket1.pool
	storage_bucket = incus_storage_bucket.bucket1.name
}
`);
    const r = await h.applyFails();
    expectOutput(r, /has no MinIO to serve bucket "bucket1"/);
    expect((await h.run(["state", "list"])).output).not.toMatch(/incus_storage_bucket_key/);
    await destroy();
    expect(await h.client.storagePools.find(pool)).toBeUndefined();
  });
});
