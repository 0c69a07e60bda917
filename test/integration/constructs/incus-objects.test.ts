// NetworkZone with records, Certificate and ClusterGroup through the constructs and terraform on the real incusd
// (the zone and the certificate on the local server, the group on the three-member cluster): deployed, read back
// from Incus, an empty plan after the apply, gone after `cdktf destroy`. A StorageBucket with a key stops at the
// provider's clear refusal (local pools serve buckets through MinIO, which this machine does not have) and
// creates nothing. Only objects with this file's prefix are touched.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TerraformStack } from "cdktf";
import {
  BucketKeyRole,
  Certificate,
  CertificateType,
  ClusterGroup,
  DnsRecordType,
  IncusHost,
  NetworkZone,
  RemovalPolicy,
  StorageBucket,
  StoragePool,
} from "../../../lib";
import type { IncusClient } from "../../../lib/incus";
import { TEST_POOL } from "../../support/incus";
import { clusterClient, clusterHost, requireCluster } from "../cluster/support";
import { incusConstructsSuite, incusQuery, StackRun } from "./support";

jest.setTimeout(180_000);

const { prefix, runs } = incusConstructsSuite("iobj");
let cluster: IncusClient;

beforeAll(async () => {
  cluster = clusterClient();
  await requireCluster(cluster);
});

afterAll(async () => {
  // What a failed run may leave: the zone, the certificate, the group (emptied first).
  const quiet = (args: string[]) => {
    try {
      execFileSync("incus", args, { stdio: "ignore" });
    } catch {
      /* already gone */
    }
  };
  quiet(["network", "zone", "delete", `${prefix}.example.org`]);
  for (const cert of (incusQuery("/1.0/certificates?recursion=1") ?? []) as { name: string; fingerprint: string }[])
    if (cert.name.startsWith(prefix)) quiet(["config", "trust", "remove", cert.fingerprint]);
  try {
    for (const group of (await cluster.clusterGroups.list()).filter((g) => g.name.startsWith(prefix))) {
      await cluster.clusterGroups.update(group.name, { description: "", members: [] });
      await cluster.clusterGroups.delete(group.name);
    }
  } finally {
    await cluster?.close();
  }
});

/** A fresh self-signed client certificate (PEM) and its SHA-256 fingerprint as Incus writes it. */
function clientCertificate(): { file: string; fingerprint: string } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const file = join(dir, "client.crt");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "client.key"),
      "-out",
      file,
      "-days",
      "2",
      "-subj",
      `/CN=${prefix}`,
    ],
    { stdio: "ignore" },
  );
  const der = execFileSync("openssl", ["x509", "-in", file, "-outform", "DER"]);
  const fingerprint = execFileSync("openssl", ["dgst", "-sha256", "-r"], { input: der, encoding: "utf8" }).split(
    " ",
  )[0];
  expect(readFileSync(file, "utf8")).toContain("BEGIN CERTIFICATE");
  return { file, fingerprint };
}

test("a zone with records, a metrics certificate and a cluster group deploy, plan empty, and go with destroy", async () => {
  const run = new StackRun(`${prefix}-s`);
  runs.push(run);
  const zoneName = `${prefix}.example.org`;
  const cert = clientCertificate();
  const groupName = `${prefix}-fast`;
  run.synth((stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const zone = new NetworkZone(stack, "zone", {
      host,
      zoneName,
      description: "lab names",
      records: [
        { name: "www", entries: [{ type: DnsRecordType.A, value: "10.77.0.10", ttl: 60 }] },
        { name: "mail", entries: [{ type: DnsRecordType.AAAA, value: "2001:db8::5" }] },
      ],
    });
    zone.addRecord({ name: "info", entries: [{ type: DnsRecordType.TXT, value: "hello" }] });
    new Certificate(stack, "prom", {
      host,
      name: `${prefix}-prom`,
      certificateFile: cert.file,
      type: CertificateType.METRICS,
    });
    new ClusterGroup(stack, "fast", { host: clusterHost(stack), name: groupName, members: ["member1", "member2"] });
  });
  // deploy() fails unless the plan right after the apply is empty.
  await run.deploy();

  const zone = incusQuery(`/1.0/network-zones/${zoneName}`);
  expect(zone.description).toBe("lab names");
  const www = incusQuery(`/1.0/network-zones/${zoneName}/records/www`);
  expect(www.entries).toEqual([{ type: "A", value: "10.77.0.10", ttl: 60 }]);
  expect(incusQuery(`/1.0/network-zones/${zoneName}/records/mail`).entries).toEqual([
    { type: "AAAA", value: "2001:db8::5", ttl: 300 },
  ]);
  expect(incusQuery(`/1.0/network-zones/${zoneName}/records/info`).entries[0]).toMatchObject({ value: "hello" });
  const trusted = incusQuery(`/1.0/certificates/${cert.fingerprint}`);
  expect(trusted).toMatchObject({ name: `${prefix}-prom`, type: "metrics" });
  const group = (await cluster.clusterGroups.get(groupName)).value;
  expect([...(group.members ?? [])].sort()).toEqual(["member1", "member2"]);

  expect((await run.destroy()).code).toBe(0);
  expect(incusQuery(`/1.0/network-zones/${zoneName}`)).toBeUndefined();
  expect(incusQuery(`/1.0/certificates/${cert.fingerprint}`)).toBeUndefined();
  expect(await cluster.clusterGroups.find(groupName)).toBeUndefined();
});

test("a bucket with a key stops at the provider's MinIO refusal and creates nothing", async () => {
  const run = new StackRun(`${prefix}-b`);
  runs.push(run);
  const bucket = `${prefix}-bucket`;
  run.synth((stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    new StorageBucket(stack, "data", {
      pool,
      name: bucket,
      removalPolicy: RemovalPolicy.DESTROY,
      keys: [{ name: "writer", role: BucketKeyRole.ADMIN }],
    });
  });
  await run.init();
  const plan = await run.plan();
  expect(plan.output).toMatch(/secret_key\s+= \(sensitive value\)/);
  const applied = await run.run(["apply", "-auto-approve", "-input=false"]);
  expect(applied.code).not.toBe(0);
  expect(applied.output).toMatch(/has no MinIO to serve bucket/);
  expect(incusQuery(`/1.0/storage-pools/${TEST_POOL}/buckets/${bucket}`)).toBeUndefined();
  expect((await run.run(["state", "list"])).output.trim()).toBe("");
});
