// NetworkZone (with records), Certificate, ClusterGroup, StorageBucket (with keys) and NetworkLoadBalancer: the
// synthesized incus_* resources and the synth errors (with construct paths) for what cannot work.
import { mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { TerraformOutput } from "cdktf";
import type { IHost } from "../../../lib";
import {
  BucketKeyRole,
  Certificate,
  CertificateType,
  ClusterGroup,
  DnsRecordType,
  ForwardProtocol,
  IncusHost,
  Instance,
  LibvirtHost,
  Network,
  NetworkLoadBalancer,
  NetworkZone,
  NetworkZoneRecord,
  Project,
  RemovalPolicy,
  StorageBucket,
  StorageBucketKey,
  StoragePool,
} from "../../../lib";
import { errorOf, incusStackWithPool, newStack, only, resource, resourcesOf, synth } from "./support";

const PEM = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUX\n-----END CERTIFICATE-----\n";

describe("NetworkZone", () => {
  test("the zone and its typed records; records refer to the zone by reference", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const zone = new NetworkZone(stack, "zone", {
      host,
      zoneName: "lab.example.org",
      nameservers: ["ns1.example.org"],
      records: [{ name: "www", entries: [{ type: DnsRecordType.A, value: "10.77.0.10", ttl: 60 }] }],
    });
    zone.addRecord({
      name: "_http._tcp",
      entries: [{ type: DnsRecordType.SRV, value: "0 5 80 www.lab.example.org." }],
    });
    const json = synth(stack);
    expect(only(json, "incus_network_zone")).toMatchObject({
      name: "lab.example.org",
      config: { "dns.nameservers": "ns1.example.org", "user.cdktf-virt.owner": "homelab/zone" },
    });
    const records = resourcesOf(json, "incus_network_zone_record");
    expect(Object.values(records)).toHaveLength(2);
    expect(Object.values(records)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "www",
          zone: "${incus_network_zone.zone.name}",
          entry: [{ type: "A", value: "10.77.0.10", ttl: 60 }],
        }),
        expect.objectContaining({ name: "_http._tcp", entry: [{ type: "SRV", value: "0 5 80 www.lab.example.org." }] }),
      ]),
    );
  });

  test("records of a zone that exists already", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const zone = NetworkZone.fromName(stack, "existing", host, "corp.example.org");
    new NetworkZoneRecord(stack, "mail", {
      zone,
      name: "mail",
      entries: [{ type: DnsRecordType.AAAA, value: "2001:db8::5" }],
    });
    expect(only(synth(stack), "incus_network_zone_record")).toMatchObject({ zone: "corp.example.org", name: "mail" });
  });

  test.each([
    [{ zoneName: "not a zone" }, 'NetworkZone "homelab/z", prop "zoneName": "not a zone" is not a DNS name'],
    [{ zoneName: "a.org", nameservers: [] }, 'prop "nameservers": must be a non-empty list'],
    [
      { zoneName: "a.org", records: [{ name: "www", entries: [{ type: DnsRecordType.A, value: "2001:db8::1" }] }] },
      'NetworkZoneRecord "homelab/z/Record-www", prop "entries[0].value": "2001:db8::1" is not an IPv4 address',
    ],
    [
      { zoneName: "a.org", records: [{ name: "www", entries: [{ type: "MXX", value: "x" }] }] },
      'prop "entries[0].type": "MXX" is not a record type',
    ],
    [
      { zoneName: "a.org", records: [{ name: "www", entries: [{ type: DnsRecordType.TXT, value: "v", ttl: 0 }] }] },
      'prop "entries[0].ttl": 0 is not a whole number of seconds',
    ],
    [
      { zoneName: "a.org", records: [{ name: "www", entries: [] }] },
      'prop "entries": a record needs at least one entry',
    ],
    [{ zoneName: "a.org", records: [{ name: "a b", entries: [] }] }, 'prop "name": "a b" is not a record name'],
  ])("bad zone props are synth errors: %j", (props, message) => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(errorOf(() => new NetworkZone(stack, "z", { host, ...(props as { zoneName: string }) }))).toContain(message);
  });

  test("the same zone or record twice is refused, naming both", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const zone = new NetworkZone(stack, "a", { host, zoneName: "a.org" });
    expect(errorOf(() => new NetworkZone(stack, "b", { host, zoneName: "a.org" }))).toContain(
      '"a.org" is already the name of NetworkZone "homelab/a"',
    );
    zone.addRecord({ name: "www", entries: [{ type: DnsRecordType.CNAME, value: "web.a.org" }] });
    expect(
      errorOf(
        () =>
          new NetworkZoneRecord(stack, "again", {
            zone,
            name: "www",
            entries: [{ type: DnsRecordType.TXT, value: "x" }],
          }),
      ),
    ).toContain("already the name of NetworkZoneRecord");
  });
});

describe("Certificate", () => {
  test("a restricted client certificate from a string; a metrics certificate from a file holding its key too", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const project = new Project(stack, "apps", { host });
    const cert = new Certificate(stack, "ci", { host, certificate: PEM, projects: [project], description: "CI" });
    const dir = mkdtempSync(join(tmpdir(), "cert-"));
    const file = join(dir, "client.pem");
    writeFileSync(file, `-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n${PEM}`);
    new Certificate(stack, "prom", { host, certificateFile: file, type: CertificateType.METRICS });
    const json = synth(stack);
    expect(resource(json, "incus_certificate", "ci")).toMatchObject({
      name: "homelab-ci",
      certificate: PEM,
      type: "client",
      restricted: true,
      projects: ["${incus_project.apps.name}"],
    });
    const metrics = resource(json, "incus_certificate", "prom");
    expect(metrics).toMatchObject({ type: "metrics", certificate: PEM });
    expect(JSON.stringify(metrics)).not.toContain("PRIVATE KEY");
    new TerraformOutput(stack, "ci-fingerprint", { value: cert.fingerprint });
    expect(synth(stack).output["ci-fingerprint"].value).toBe("${incus_certificate.ci.fingerprint}");
  });

  test.each([
    [{}, 'Certificate "homelab/c", prop "certificate": give the PEM certificate in `certificate` or the file'],
    [{ certificate: PEM, certificateFile: "/x" }, 'prop "certificate": give the PEM certificate'],
    [{ certificate: "MIIB" }, 'prop "certificate": is not a PEM certificate'],
    [{ certificateFile: "/nonexistent/c.pem" }, 'prop "certificateFile": cannot read /nonexistent/c.pem'],
    [{ certificate: PEM, type: "admin" }, 'prop "type": "admin" is not client or metrics'],
    [{ certificate: PEM, projects: [] }, 'prop "projects": must be a non-empty list'],
  ])("bad certificate props are synth errors: %j", (props, message) => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(errorOf(() => new Certificate(stack, "c", { host, ...(props as object) }))).toContain(message);
  });
});

describe("ClusterGroup", () => {
  test("a group of members; its target places instances on it", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "cluster", { clusterMembers: ["m1", "m2", "m3"] });
    const group = new ClusterGroup(stack, "fast", { host, members: ["m1", "m2"], description: "NVMe" });
    expect(group.target).toBe("@homelab-fast");
    expect(only(synth(stack), "incus_cluster_group")).toMatchObject({
      name: "homelab-fast",
      members: ["m1", "m2"],
      description: "NVMe",
    });
  });

  test("groups need a cluster; members must be the cluster's, each once", () => {
    const stack = newStack();
    const single = new IncusHost(stack, "single");
    expect(errorOf(() => new ClusterGroup(stack, "a", { host: single }))).toContain(
      'ClusterGroup "homelab/a", prop "host": the host "homelab/single" is not a cluster',
    );
    const host = new IncusHost(stack, "cluster", { clusterMembers: ["m1", "m2"] });
    expect(errorOf(() => new ClusterGroup(stack, "b", { host, members: ["m9"] }))).toContain(
      'prop "members": "m9" is not a member of the cluster "homelab/cluster" (m1, m2)',
    );
    expect(errorOf(() => new ClusterGroup(stack, "c", { host, members: ["m1", "m1"] }))).toContain(
      '"m1" is given twice',
    );
    expect(errorOf(() => new ClusterGroup(stack, "d", { host, members: ["@g"] }))).toContain('"@g" is a group');
    expect(errorOf(() => new ClusterGroup(stack, "e", { host, name: "default" }))).toContain('"default" is the group');
  });
});

describe("StorageBucket", () => {
  test("a bucket is protected by default (prevent_destroy and the protect marker); keys expose sensitive references", () => {
    const { stack, pool } = incusStackWithPool();
    const bucket = new StorageBucket(stack, "backups", { pool, size: "10GiB" });
    const key = bucket.addKey({ name: "writer", role: BucketKeyRole.ADMIN });
    const json = synth(stack);
    expect(bucket.removalPolicy).toBe(RemovalPolicy.PROTECT);
    expect(only(json, "incus_storage_bucket")).toMatchObject({
      name: "homelab-backups",
      pool: "${incus_storage_pool.pool.name}",
      config: { size: "10GiB", "user.cdktf-virt.protect": "true", "user.cdktf-virt.owner": "homelab/backups" },
      lifecycle: { prevent_destroy: true },
    });
    expect(only(json, "incus_storage_bucket_key")).toMatchObject({
      name: "writer",
      role: "admin",
      storage_bucket: "${incus_storage_bucket.backups.name}",
      pool: "${incus_storage_pool.pool.name}",
    });
    new TerraformOutput(stack, "secret", { value: key.secretKey, sensitive: true });
    const output = synth(stack).output.secret;
    expect(output.sensitive).toBe(true);
    expect(output.value).toMatch(/^\$\{incus_storage_bucket_key\.[^.]+\.secret_key\}$/);
  });

  test("RemovalPolicy.DESTROY drops the protection; RETAIN and SNAPSHOT are refused", () => {
    const { stack, pool } = incusStackWithPool();
    new StorageBucket(stack, "scratch", { pool, removalPolicy: RemovalPolicy.DESTROY });
    const bucket = only(synth(stack), "incus_storage_bucket");
    expect(bucket.lifecycle).toBeUndefined();
    expect(bucket.config["user.cdktf-virt.protect"]).toBeUndefined();
    expect(errorOf(() => new StorageBucket(stack, "kept", { pool, removalPolicy: RemovalPolicy.RETAIN }))).toContain(
      'StorageBucket "homelab/kept", prop "removalPolicy": a bucket takes RemovalPolicy.PROTECT or RemovalPolicy.DESTROY, not RemovalPolicy.RETAIN',
    );
  });

  test("bad bucket and key props are synth errors", () => {
    const { stack, pool } = incusStackWithPool();
    expect(errorOf(() => new StorageBucket(stack, "a", { pool, name: "Upper_Case" }))).toContain(
      'StorageBucket "homelab/a", prop "name": "Upper_Case" is not a valid name',
    );
    expect(errorOf(() => new StorageBucket(stack, "b", { pool, size: "lots" }))).toContain(
      'prop "size": "lots" is not a size; write a number with an IEC unit',
    );
    const bucket = new StorageBucket(stack, "c", { pool });
    expect(errorOf(() => bucket.addKey({ name: "k", role: "owner" as BucketKeyRole }))).toContain(
      'StorageBucketKey "homelab/c/Key-k", prop "role": "owner" is not admin or read-only',
    );
    bucket.addKey({ name: "r" });
    expect(errorOf(() => new StorageBucketKey(stack, "again", { bucket, name: "r" }))).toContain(
      '"r" is already the name of StorageBucketKey "homelab/c/Key-r"',
    );
  });
});

describe("NetworkLoadBalancer", () => {
  function lab() {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const network = new Network(stack, "ovn", { host, incus: { type: "ovn" } });
    const a = new Instance(stack, "a", { host, network, incus: { image: "x", ipv4Address: "10.77.0.11" } });
    const b = new Instance(stack, "b", { host, network, incus: { image: "x", ipv4Address: "10.77.0.12" } });
    return { stack, host, network, a, b };
  }

  test("backends at the instances' fixed addresses; ports spread over them", () => {
    const { stack, network, a, b } = lab();
    const lb = new NetworkLoadBalancer(stack, "lb", {
      network,
      listenAddress: "198.51.100.20",
      backends: [
        { name: "a", target: a, targetPort: 8080 },
        { name: "b", target: b, targetPort: 8080 },
      ],
      ports: [{ listenPort: 80, backends: ["a", "b"] }],
    });
    lb.addPort({ listenPort: 53, backends: ["a"], protocol: ForwardProtocol.UDP });
    expect(only(synth(stack), "incus_network_lb")).toMatchObject({
      network: "${incus_network.ovn.name}",
      listen_address: "198.51.100.20",
      // The ownership marker: a deploy that died after the create adopts the balancer on the next run.
      config: { "user.cdktf-virt.owner": "homelab/lb" },
      backend: [
        { name: "a", target_address: "10.77.0.11", target_port: "8080" },
        { name: "b", target_address: "10.77.0.12", target_port: "8080" },
      ],
      port: [
        { protocol: "tcp", listen_port: "80", target_backend: ["a", "b"] },
        { protocol: "udp", listen_port: "53", target_backend: ["a"] },
      ],
    });
  });

  test("unknown backends, ports used twice, instances without fixed addresses are synth errors", () => {
    const { stack, host, network, a } = lab();
    const lb = new NetworkLoadBalancer(stack, "lb", { network, listenAddress: "198.51.100.20" });
    expect(errorOf(() => lb.addPort({ listenPort: 80, backends: ["a"] }))).toContain(
      'NetworkLoadBalancer "homelab/lb", prop "ports": port 80 names the backend "a", which is not added (backends: none)',
    );
    lb.addBackend({ name: "a", target: a, targetPort: "8000-8001" });
    expect(errorOf(() => lb.addBackend({ name: "a", target: a }))).toContain('the backend "a" is added twice');
    expect(errorOf(() => lb.addPort({ listenPort: "80-82", backends: ["a"] }))).toContain(
      "targetPort 8000-8001 is a range of another length than listenPort 80-82",
    );
    lb.addPort({ listenPort: "80-81", backends: ["a"] });
    lb.addBackend({ name: "any", target: a });
    expect(errorOf(() => lb.addPort({ listenPort: 81, backends: ["any"] }))).toContain(
      "tcp port 81 of 198.51.100.20 is balanced twice",
    );
    const loose = new Instance(stack, "loose", { host, network, incus: { image: "x" } });
    expect(errorOf(() => lb.addBackend({ name: "l", target: loose }))).toContain(
      'the instance "homelab/loose" has no fixed address to forward to',
    );
    expect(errorOf(() => new NetworkLoadBalancer(stack, "lb2", { network, listenAddress: "198.51.100.20" }))).toContain(
      "already the name of NetworkLoadBalancer",
    );
  });
});

describe("on a libvirt host (typed IHost)", () => {
  test("every Incus-only construct is a synth error naming the construct", () => {
    const stack = newStack();
    const kvm = new LibvirtHost(stack, "kvm");
    const host: IHost = kvm;
    const pool = new StoragePool(stack, "images", { host, path: "/var/lib/libvirt/images" });
    const network = new Network(stack, "net", { host });
    expect(errorOf(() => new NetworkZone(stack, "z", { host, zoneName: "a.org" }))).toContain(
      'NetworkZone "homelab/z", prop "host": the host is a LibvirtHost; NetworkZone is Incus only',
    );
    expect(errorOf(() => new Certificate(stack, "c", { host, certificate: PEM }))).toContain(
      "Certificate is Incus only",
    );
    expect(errorOf(() => new ClusterGroup(stack, "g", { host }))).toContain("ClusterGroup is Incus only");
    expect(errorOf(() => new StorageBucket(stack, "b", { pool }))).toContain(
      'StorageBucket "homelab/b", prop "pool": the pool is on a libvirt host; StorageBucket is Incus only',
    );
    expect(errorOf(() => new NetworkLoadBalancer(stack, "lb", { network, listenAddress: "198.51.100.1" }))).toContain(
      "NetworkLoadBalancer is Incus only",
    );
  });
});
