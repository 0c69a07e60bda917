// `cdktf-virt import` without a daemon: host snapshots built from fixture objects → plan → TypeScript, and the
// generated TypeScript compiled (esbuild) and run against the real constructs to check what it synthesizes:
// Terraform import blocks, the objects' own names and settings, lifecycles, attachments.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { AnnotationMetadataEntryType, App, Testing } from "cdktf";
import * as constructs from "constructs";
import type { IConstruct } from "constructs";
import * as cdktf from "cdktf";
import * as lib from "../../../lib";
import { main, planImport, readHost, renderStack } from "../../../lib/tooling/import-host";
import type { HostSnapshot } from "../../../lib/tooling/import-host";
import type { IncusClient, Instance, StorageVolume } from "../../../lib/incus";
import { memoryIO } from "./support/io";
import type { TerraformJson } from "../../support/terraform-json";

const LIB = join(__dirname, "..", "..", "..", "lib");
const BASE = "27acf417eb4e03252f385465e138a4c758741bb8d11bd8675a494ac7b7aea20b";

function instance(name: string, extra: Partial<Instance> = {}): Instance {
  return {
    name,
    type: "container",
    architecture: "x86_64",
    description: "",
    config: { "volatile.base_image": BASE, "image.os": "busybox", "volatile.uuid": "x" },
    devices: { root: { type: "disk", path: "/", pool: "tank" } },
    expanded_config: {},
    expanded_devices: {},
    ephemeral: false,
    profiles: ["default"],
    status: "Running",
    ...extra,
  } as Instance;
}

function volume(name: string, extra: Partial<StorageVolume> = {}): StorageVolume & { pool: string } {
  return {
    name,
    type: "custom",
    description: "",
    content_type: "filesystem",
    config: { size: "1GiB" },
    used_by: [],
    location: "none",
    project: "default",
    pool: "tank",
    ...extra,
  };
}

function snapshot(extra: Partial<HostSnapshot> = {}): HostSnapshot {
  return {
    remoteName: "local",
    address: "unix://",
    project: "default",
    prefix: "app-",
    pools: [
      {
        name: "tank",
        description: "",
        driver: "dir",
        status: "Created",
        config: { source: "/x" },
        used_by: [],
        locations: [],
      },
    ],
    volumes: [volume("app-data")],
    networks: [
      {
        name: "app-net",
        description: "",
        type: "bridge",
        managed: true,
        status: "Created",
        config: { "ipv4.address": "none", "ipv6.address": "none" },
        used_by: [],
        locations: [],
        project: "default",
      },
    ],
    profiles: [
      {
        name: "app-prof",
        description: "limits",
        config: { "limits.cpu": "1" },
        devices: {},
        used_by: [],
        project: "default",
      },
    ],
    instances: [
      instance("app-web", {
        profiles: ["default", "app-prof"],
        config: {
          "volatile.base_image": BASE,
          "limits.memory": "256MiB",
          "user.cdktf-virt.owner": "old/x",
          "security.protection.delete": "true",
        },
        devices: {
          root: { type: "disk", path: "/", pool: "tank", size: "2GiB" },
          eth0: { type: "nic", network: "app-net", name: "eth0", "ipv4.address": "10.0.0.5" },
          data: { type: "disk", pool: "tank", source: "app-data", path: "/data" },
          host: { type: "disk", source: "/srv", path: "/srv", shift: "" },
        },
      }),
    ],
    imageAliases: [
      { name: "zz-other", description: "", target: BASE, type: "container" },
      { name: "busybox", description: "", target: BASE, type: "container" },
    ],
    ...extra,
  };
}

/** Compiles the generated stack file and synthesizes it with the real constructs. */
function synthGenerated(stackFile: string, className = "ImportedStack"): TerraformJson {
  const { code } = transformSync(stackFile, { loader: "ts", format: "cjs", target: "node20" });
  const modules: Record<string, unknown> = { cdktf, constructs, [LIB]: lib };
  const mod: { exports: Record<string, typeof cdktf.TerraformStack> } = { exports: {} };
  const load = (id: string) => {
    if (!(id in modules)) throw new Error(`the generated code imports ${id}`);
    return modules[id];
  };
  new Function("require", "exports", "module", code)(load, mod.exports, mod);
  const app = new App({ outdir: join(__dirname, "never-written") });
  const stack = new mod.exports[className](app, "imported");
  const json = JSON.parse(Testing.synth(stack, true));
  // The generated code writes the current props: no construct warns (deprecated flat props, anything else).
  const warnings = stack.node
    .findAll()
    .flatMap((c: IConstruct) =>
      c.node.metadata.filter((m) => m.type === AnnotationMetadataEntryType.WARN).map((m) => String(m.data)),
    );
  expect(warnings).toEqual([]);
  return json;
}

const render = (s: HostSnapshot) =>
  renderStack(planImport(s), { stackName: "imported", packageName: LIB, source: "fixture" });

describe("import-host code generation", () => {
  test("writes import blocks with the official provider's ID grammar, naming the host's remote", () => {
    const json = synthGenerated(render(snapshot()).stackFile);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    expect(imports).toEqual({
      "incus_network.app-net": "local:app-net",
      "incus_profile.app-prof": "local:app-prof",
      "incus_storage_volume.app-data": "local:/tank/app-data",
      // the alphabetically first alias of the base image
      "incus_instance.app-web": "local:app-web,image=busybox",
    });
  });

  test("keeps names, settings and devices; attaches the imported volume; drops server and marker keys", () => {
    const json = synthGenerated(render(snapshot()).stackFile);
    const web = json.resource.incus_instance["app-web"];
    expect(web.name).toBe("app-web");
    expect(web.image).toBe("busybox");
    expect(web.remote).toBe("local");
    expect(web.profiles).toEqual(["default", "${incus_profile.app-prof.name}"]);
    expect(web.config).toEqual({
      "limits.memory": "256MiB",
      "security.protection.delete": "true",
      "user.cdktf-virt.cloud-init-change": "rebuild",
      "user.cdktf-virt.image-change": "rebuild",
      "user.cdktf-virt.owner": "imported/app-web",
    });
    expect(web.lifecycle.prevent_destroy).toBe(true);
    const devices = Object.fromEntries(web.device.map((d: { name: string }) => [d.name, d]));
    expect(devices.root).toEqual({ name: "root", type: "disk", properties: { path: "/", pool: "tank", size: "2GiB" } });
    expect(devices.eth0.properties).toEqual({
      name: "eth0",
      network: "${incus_network.app-net.name}",
      "ipv4.address": "10.0.0.5",
    });
    expect(devices.data.properties).toEqual({
      path: "/data",
      pool: "tank",
      source: "${incus_storage_volume.app-data.name}",
    });
    expect(devices.host).toEqual({ name: "host", type: "disk", properties: { path: "/srv", source: "/srv" } });

    const data = json.resource.incus_storage_volume["app-data"];
    expect(data.name).toBe("app-data");
    expect(data.config).toMatchObject({ size: "1GiB", "user.cdktf-virt.protect": "true" });
    expect(data.lifecycle.prevent_destroy).toBe(true);
    expect(json.resource.incus_network["app-net"].config).toMatchObject({
      "ipv4.address": "none",
      "ipv6.address": "none",
    });
    expect(json.resource.incus_profile["app-prof"]).toMatchObject({
      name: "app-prof",
      description: "limits",
      config: { "limits.cpu": "1" },
    });
    // the pool is shared (not under the prefix): referenced, not managed
    expect(json.resource.incus_storage_pool).toBeUndefined();
  });

  test("a volume mounted by two instances becomes SHARED; unknown images and ephemeral instances are reported", () => {
    const twice = { type: "disk", pool: "tank", source: "app-data", path: "/data" };
    const s = snapshot({
      instances: [
        instance("app-a", { devices: { root: { type: "disk", path: "/", pool: "tank" }, data: twice } }),
        instance("app-b", {
          devices: { root: { type: "disk", path: "/", pool: "tank" }, data: twice },
          config: {},
          status: "Stopped",
        }),
        instance("app-tmp", { ephemeral: true }),
      ],
      imageAliases: [],
    });
    const plan = planImport(s);
    const data = plan.declarations.find((d) => d.id === "app-data");
    expect(JSON.stringify(data?.props)).toContain("VolumeLifecycle.SHARED");
    expect(plan.warnings.join("\n")).toMatch(/app-tmp" is ephemeral/);
    expect(plan.warnings.join("\n")).toMatch(/app-b" records no base image/);
    const json = synthGenerated(render(s).stackFile);
    expect(Object.keys(json.resource.incus_instance).sort()).toEqual(["app-a", "app-b"]);
    expect(json.resource.incus_instance["app-a"].image).toBe(BASE);
    expect(json.resource.incus_instance["app-b"].running).toBe(false);
    const imports = (json.import as { to: string; id: string }[]).map((i) => i.id);
    expect(imports).toContain(`local:app-a,image=${BASE}`);
  });

  test("a non-default project is imported with its features and named in every ID", () => {
    const s = snapshot({
      project: "app-proj",
      projectInfo: {
        name: "app-proj",
        description: "",
        config: {
          "features.images": "false",
          "features.profiles": "true",
          "features.storage.volumes": "true",
          "limits.instances": "5",
        },
        used_by: [],
      },
      volumes: [volume("app-data", { project: "app-proj" })],
      profiles: [{ name: "app-prof", description: "", config: {}, devices: {}, used_by: [], project: "app-proj" }],
      networks: [],
      instances: [
        instance("app-web", {
          devices: {
            root: { type: "disk", path: "/", pool: "tank" },
            data: { type: "disk", pool: "tank", source: "app-data", path: "/d" },
          },
        }),
      ],
    });
    const json = synthGenerated(render(s).stackFile);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    expect(imports).toEqual({
      "incus_project.app-proj": "local:app-proj",
      "incus_profile.app-prof": "local:app-proj/app-prof",
      "incus_storage_volume.app-data": "local:app-proj/tank/app-data",
      "incus_instance.app-web": "local:app-proj/app-web,image=busybox",
    });
    expect(json.resource.incus_project["app-proj"].config).toMatchObject({
      "features.images": "false",
      "features.profiles": "true",
      "features.storage.volumes": "true",
      "features.networks": "false",
      "limits.instances": "5",
    });
    expect(json.resource.incus_instance["app-web"].project).toBe("${incus_project.app-proj.name}");
  });

  test("Incus-only settings are written in the incus group; a volume without any has no group", () => {
    const s = snapshot({
      volumes: [
        volume("app-data"),
        volume("app-blk", {
          content_type: "block",
          description: "raw",
          config: { size: "1GiB", "snapshots.expiry": "1w" },
        }),
      ],
    });
    const code = render(s).stackFile;
    expect(code).toContain(
      `const appDataVolume = new Volume(this, "app-data", { pool: tankPool, name: "app-data", size: "1GiB" });`,
    );
    expect(code).toContain(
      [
        `    const appBlkVolume = new Volume(this, "app-blk", {`,
        `      pool: tankPool,`,
        `      name: "app-blk",`,
        `      size: "1GiB",`,
        `      incus: {`,
        `        contentType: VolumeContentType.BLOCK,`,
        `        description: "raw",`,
        `        config: { "snapshots.expiry": "1w" },`,
        `      },`,
        `    });`,
      ].join("\n"),
    );
    expect(code).toContain(
      [
        `    const appWebInstance = new Instance(this, "app-web", {`,
        `      host,`,
        `      name: "app-web",`,
        `      network: appNetNetwork,`,
        `      protect: true,`,
        `      incus: {`,
        `        image: "busybox",`,
        `        profiles: ["default", appProfProfile],`,
        `        rootDisk: { pool: tankPool, size: "2GiB" },`,
        `        ipv4Address: "10.0.0.5",`,
        `        config: { "limits.memory": "256MiB" },`,
        `        devices: { host: { type: "disk", properties: { path: "/srv", source: "/srv" } } },`,
        `      },`,
        `    });`,
      ].join("\n"),
    );
    const json = synthGenerated(code);
    expect(json.resource.incus_storage_volume["app-blk"]).toMatchObject({ content_type: "block", description: "raw" });
    expect(json.resource.incus_storage_volume["app-blk"].config).toMatchObject({ "snapshots.expiry": "1w" });
  });

  test("a network zone becomes a NetworkZone with a NetworkZoneRecord per record, each adopted", () => {
    const s = snapshot({
      zones: [
        {
          name: "app-zone.example.org",
          description: "lab",
          config: { "dns.nameservers": "ns1.example.org", "peers.ns.address": "192.0.2.1" },
          records: [
            {
              name: "www",
              description: "",
              config: {},
              entries: [
                { type: "A", value: "10.0.0.5", ttl: 60 },
                { type: "AAAA", value: "2001:db8::5" },
              ],
            },
          ],
        },
        { name: "app-other.org", description: "", config: {}, project: "p2", records: [] },
      ],
    });
    const plan = planImport(s);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'network zone "app-zone.example.org": the NetworkZone construct has no prop for peers.ns.address',
        ),
        expect.stringContaining('network zone "app-other.org" lives in the project "p2"'),
      ]),
    );
    const code = render(s).stackFile;
    expect(code).toContain("DnsRecordType.AAAA");
    const json = synthGenerated(code);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const zone = Object.keys(json.resource.incus_network_zone)[0];
    const record = Object.keys(json.resource.incus_network_zone_record)[0];
    expect(imports[`incus_network_zone.${zone}`]).toBe("local:app-zone.example.org");
    expect(imports[`incus_network_zone_record.${record}`]).toBe("local:/app-zone.example.org/www");
    expect(json.resource.incus_network_zone[zone]).toMatchObject({
      name: "app-zone.example.org",
      description: "lab",
      config: { "dns.nameservers": "ns1.example.org" },
    });
    expect(json.resource.incus_network_zone_record[record]).toMatchObject({
      name: "www",
      zone: `\${incus_network_zone.${zone}.name}`,
      entry: [
        { type: "A", value: "10.0.0.5", ttl: 60 },
        { type: "AAAA", value: "2001:db8::5" },
      ],
    });
  });

  test("a network ACL becomes a NetworkAcl with typed rules, adopted by name", () => {
    const s = snapshot({
      acls: [
        {
          name: "app-web",
          description: "web in",
          config: { "user.team": "ops" },
          ingress: [
            {
              action: "allow",
              state: "enabled",
              protocol: "tcp",
              source: "10.0.0.0/24,@external",
              destination_port: "80,8000-8080",
            },
            { action: "drop", state: "logged", protocol: "icmp4", icmp_type: "8", icmp_code: "0", description: "ping" },
          ],
          egress: [{ action: "reject", state: "disabled", destination: "192.0.2.1" }],
          used_by: [],
        },
        { name: "app-p2", description: "", config: {}, ingress: [], egress: [], used_by: [], project: "p2" },
      ],
    });
    const plan = planImport(s);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('network ACL "app-web": the NetworkAcl construct has no prop for user.team'),
        expect.stringContaining('network ACL "app-p2" lives in the project "p2"'),
      ]),
    );
    const code = render(s).stackFile;
    expect(code).toContain("AclAction.ALLOW");
    expect(code).toContain("AclProtocol.ICMP4");
    expect(code).toContain("AclRuleState.LOGGED");
    expect(code).toContain('destinationPorts: [80, "8000-8080"]');
    const json = synthGenerated(code);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const acls = Object.keys(json.resource.incus_network_acl);
    expect(acls).toHaveLength(1);
    expect(imports[`incus_network_acl.${acls[0]}`]).toBe("local:app-web");
    expect(json.resource.incus_network_acl[acls[0]]).toMatchObject({
      name: "app-web",
      description: "web in",
      ingress: [
        {
          action: "allow",
          state: "enabled",
          protocol: "tcp",
          source: "10.0.0.0/24,@external",
          destination_port: "80,8000-8080",
        },
        { action: "drop", state: "logged", protocol: "icmp4", icmp_type: "8", icmp_code: "0", description: "ping" },
      ],
      egress: [{ action: "reject", state: "disabled", destination: "192.0.2.1" }],
    });
  });

  test("a network forward becomes a NetworkForward whose ports go to the imported instances, adopted by address", () => {
    const s = snapshot({
      forwards: [
        {
          network: "app-net",
          listen_address: "192.0.2.10",
          description: "web",
          config: {},
          ports: [
            { protocol: "tcp", listen_port: "80", target_address: "10.0.0.5", target_port: "8080" },
            { protocol: "udp", listen_port: "5000-5001", target_address: "10.0.0.5", description: "rtp" },
          ],
        },
        {
          network: "app-net",
          listen_address: "192.0.2.11",
          description: "",
          config: {},
          ports: [{ protocol: "tcp", listen_port: "22", target_address: "10.0.0.99" }],
        },
        { network: "lxdbr0", listen_address: "192.0.2.12", description: "", config: {}, ports: [] },
      ],
    });
    const plan = planImport(s);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'network forward 192.0.2.11 on "app-net": port 22 goes to 10.0.0.99, which is no imported instance',
        ),
        expect.stringContaining('network forward 192.0.2.12 on "lxdbr0": its network is not imported'),
      ]),
    );
    const code = render(s).stackFile;
    expect(code).toContain("ForwardProtocol.UDP");
    expect(code).toContain("target: appWebInstance");
    const json = synthGenerated(code);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const forwards = Object.keys(json.resource.incus_network_forward);
    expect(forwards).toHaveLength(1);
    expect(imports[`incus_network_forward.${forwards[0]}`]).toBe("local:/app-net/192.0.2.10");
    expect(json.resource.incus_network_forward[forwards[0]]).toMatchObject({
      network: expect.stringContaining("incus_network."),
      listen_address: "192.0.2.10",
      description: "web",
      ports: [
        { protocol: "tcp", listen_port: "80", target_port: "8080", target_address: "10.0.0.5" },
        {
          protocol: "udp",
          listen_port: "5000-5001",
          target_port: "5000-5001",
          target_address: "10.0.0.5",
          description: "rtp",
        },
      ],
    });
  });

  test("a load balancer becomes a NetworkLoadBalancer whose backends are the imported instances", () => {
    const lb = (listen: string, network: string, extra: object = {}) => ({
      network,
      listen_address: listen,
      description: "",
      config: {},
      backends: [],
      ports: [],
      ...extra,
    });
    const s = snapshot({
      loadBalancers: [
        lb("192.0.2.20", "app-net", {
          description: "web",
          backends: [{ name: "web", target_address: "10.0.0.5", target_port: "8080", description: "w" }],
          ports: [
            { protocol: "tcp", listen_port: "80", target_backend: ["web"] },
            { protocol: "udp", listen_port: "5000-5001", target_backend: ["web"], description: "rtp" },
          ],
        }),
        lb("192.0.2.21", "app-net", { backends: [{ name: "gone", target_address: "10.0.0.99" }] }),
        lb("192.0.2.22", "app-net", {
          backends: [{ name: "web", target_address: "10.0.0.5" }],
          ports: [{ protocol: "tcp", listen_port: "80,443", target_backend: ["web"] }],
        }),
        lb("192.0.2.23", "other-ovn"),
        lb("192.0.2.24", "app-net", {
          config: { healthcheck: "true" },
          backends: [{ name: "web", target_address: "10.0.0.5" }],
        }),
      ],
    });
    const plan = planImport(s);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        'network load balancer 192.0.2.24 on "app-net": the NetworkLoadBalancer construct has no prop for its config (healthcheck), which a deploy would remove — not imported',
        expect.stringContaining(
          'network load balancer 192.0.2.21 on "app-net": backend gone is 10.0.0.99, which is no imported instance',
        ),
        expect.stringContaining('network load balancer 192.0.2.22 on "app-net": port 80,443: a list of ports'),
        'network load balancer 192.0.2.23 on "other-ovn": its network is not imported — not imported',
      ]),
    );
    const code = render(s).stackFile;
    expect(code).toContain("target: appWebInstance");
    const json = synthGenerated(code);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const lbs = Object.keys(json.resource.incus_network_lb);
    expect(lbs).toHaveLength(1);
    expect(imports[`incus_network_lb.${lbs[0]}`]).toBe("local:/app-net/192.0.2.20");
    expect(json.resource.incus_network_lb[lbs[0]]).toMatchObject({
      listen_address: "192.0.2.20",
      description: "web",
      backend: [{ name: "web", target_address: "10.0.0.5", target_port: "8080", description: "w" }],
      port: [
        { protocol: "tcp", listen_port: "80", target_backend: ["web"] },
        { protocol: "udp", listen_port: "5000-5001", target_backend: ["web"], description: "rtp" },
      ],
    });
    // Its config is the ownership marker alone.
    expect(Object.keys(json.resource.incus_network_lb[lbs[0]].config ?? {})).toEqual(["user.cdktf-virt.owner"]);
  });

  test("a storage bucket and its keys are adopted; the code never holds a key's access or secret key", () => {
    const s = snapshot({
      buckets: [
        {
          pool: "tank",
          name: "app-b",
          description: "assets",
          config: { size: "1GiB", "user.tier": "hot" },
          location: "none",
          s3_url: "",
          project: "default",
          keys: [
            { name: "reader", description: "", role: "read-only", "access-key": "ACCESS-1", "secret-key": "SECRET-1" },
            { name: "writer", description: "ci", role: "admin", "access-key": "ACCESS-2", "secret-key": "SECRET-2" },
          ],
        },
      ],
    });
    const plan = planImport(s);
    expect(plan.warnings).toContain(
      'storage bucket "app-b": the StorageBucket construct has no prop for user.tier; the next deploy removes them — set them again on the bucket\'s resource (an escape hatch) if they matter',
    );
    const code = render(s).stackFile;
    for (const secret of ["ACCESS-1", "SECRET-1", "ACCESS-2", "SECRET-2"]) expect(code).not.toContain(secret);
    expect(code).toContain("BucketKeyRole.ADMIN");
    const json = synthGenerated(code);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const [bucket] = Object.keys(json.resource.incus_storage_bucket);
    expect(imports[`incus_storage_bucket.${bucket}`]).toBe("local:/tank/app-b");
    expect(json.resource.incus_storage_bucket[bucket]).toMatchObject({
      name: "app-b",
      pool: "tank",
      description: "assets",
      config: expect.objectContaining({ size: "1GiB" }),
      lifecycle: { prevent_destroy: true },
    });
    const keys = json.resource.incus_storage_bucket_key as Record<string, { name: string; role: string }>;
    const byName = Object.fromEntries(Object.entries(keys).map(([address, k]) => [k.name, { address, ...k }]));
    expect(byName.reader.role).toBe("read-only");
    expect(byName.writer).toMatchObject({ role: "admin", description: "ci" });
    expect(imports[`incus_storage_bucket_key.${byName.writer.address}`]).toBe("local:/tank/app-b/writer");
    expect(imports[`incus_storage_bucket_key.${byName.reader.address}`]).toBe("local:/tank/app-b/reader");
  });

  const PEM = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n";
  const certificate = (name: string, fingerprint: string, extra: object = {}) => ({
    name,
    type: "client",
    fingerprint,
    certificate: PEM,
    restricted: false,
    projects: null,
    description: "",
    ...extra,
  });
  const certificates = [
    certificate("app-ci", "aa11", { restricted: true, projects: ["p2", "p1"], description: "ci" }),
    certificate("app-metrics", "bb22", { type: "metrics" }),
    certificate("app-self", "CC33"),
    certificate("app-member", "dd44", { type: "server" }),
    certificate("app-nowhere", "ee55", { restricted: true, projects: [] }),
  ];

  test("trusted certificates are listed, and adopted only when asked; never the import's own", () => {
    const s = snapshot({ certificates, ownFingerprint: "cc33" });
    const listed = planImport(s);
    expect(listed.declarations.filter((d) => d.className === "Certificate")).toEqual([]);
    expect(listed.warnings).toEqual(
      expect.arrayContaining([
        'trusted certificates "app-ci", "app-metrics" are not imported: trust entries are credentials, adopted only with --certificates',
        'trusted certificate "app-self" (CC33) is the one this import connects with; it is never imported, so no deploy can revoke it',
        'trusted certificate "app-member" (dd44) is of type "server"; the Certificate construct takes client or metrics certificates — not imported',
        'trusted certificate "app-nowhere" (ee55) is restricted to no project at all; the Certificate construct restricts to at least one project — not imported',
      ]),
    );

    const files = renderStack(planImport(s, { certificates: true }), {
      stackName: "imported",
      packageName: LIB,
      source: "fixture",
    });
    expect(files.stackFile).toContain("CertificateType.METRICS");
    const json = synthGenerated(files.stackFile);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const certs = json.resource.incus_certificate as Record<string, { name: string }>;
    const byName = Object.fromEntries(Object.entries(certs).map(([address, c]) => [c.name, { address, ...c }]));
    expect(Object.keys(byName).sort()).toEqual(["app-ci", "app-metrics"]);
    expect(byName["app-ci"]).toMatchObject({
      certificate: PEM,
      type: "client",
      restricted: true,
      projects: ["p1", "p2"],
      description: "ci",
    });
    expect(byName["app-metrics"]).toMatchObject({ type: "metrics" });
    expect(imports[`incus_certificate.${byName["app-ci"].address}`]).toBe("local:aa11");
  });

  test("cluster groups are adopted with their members, and the host names the cluster's members", () => {
    const group = (name: string, extra: object = {}) => ({ name, description: "", members: [], config: {}, ...extra });
    const clustered = {
      clusterMembers: ["m1", "m2"],
      clusterGroups: [
        group("app-g", { members: ["m2", "m1"], description: "fast" }),
        group("app-cfg", { config: { "user.x": "1" } }),
      ],
    };
    // A stack that adopts a network (or pool) cannot name the members: the groups are only named.
    const withNetwork = planImport(snapshot(clustered));
    expect(withNetwork.declarations.filter((d) => d.className === "ClusterGroup")).toEqual([]);
    expect(withNetwork.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('cluster groups "app-g", "app-cfg" are not imported')]),
    );

    const s = snapshot({ ...clustered, networks: [], volumes: [], instances: [], profiles: [] });
    const plan = planImport(s);
    expect(plan.warnings).toContain(
      'cluster group "app-cfg": the ClusterGroup construct has no prop for its config (user.x) — not imported',
    );
    const json = synthGenerated(render(s).stackFile);
    const imports = Object.fromEntries((json.import as { to: string; id: string }[]).map((i) => [i.to, i.id]));
    const [address] = Object.keys(json.resource.incus_cluster_group);
    expect(Object.keys(json.resource.incus_cluster_group)).toHaveLength(1);
    expect(json.resource.incus_cluster_group[address]).toMatchObject({
      name: "app-g",
      members: ["m1", "m2"],
      description: "fast",
    });
    expect(imports[`incus_cluster_group.${address}`]).toBe("local:app-g");
  });

  test("the output is deterministic and imports only what it uses", () => {
    const a = render(snapshot());
    expect(render(snapshot()).stackFile).toBe(a.stackFile);
    expect(a.stackFile).toContain(
      `import { IncusHost, Instance, Network, Profile, StoragePool, Volume } from ${JSON.stringify(LIB)};`,
    );
    expect(a.mainFile).toContain(`new ImportedStack(app, "imported");`);
    expect(a.stackFileName).toBe("imported-stack.ts");
  });
});

describe("import-host reading", () => {
  test("reads one project, keeps only names with the prefix and reports progress", async () => {
    // The trust store and the cluster are the server's, not a project's: read without a project.
    const hostWide = {
      server: {
        get: async () => ({
          value: {
            api_extensions: ["network_load_balancer", "storage_buckets", "clustering_groups"],
            auth_user_method: "tls",
            auth_user_name: "abc123",
            environment: { server_clustered: true },
          },
        }),
      },
      certificates: { list: async () => [{ name: "app-cert" }, { name: "other-cert" }] },
      cluster: { listMembers: async () => [{ server_name: "m2" }, { server_name: "m1" }] },
      clusterGroups: { list: async () => [{ name: "default" }, { name: "app-g" }, { name: "other-g" }] },
    };
    const calls: string[] = [];
    const list =
      (what: string, items: unknown[]) =>
      async (...args: unknown[]) => {
        calls.push(`${what} ${JSON.stringify(args[args.length - 1])}`);
        return items;
      };
    const fake = {
      projects: { get: async () => ({ value: { name: "p", description: "", config: {}, used_by: [] } }) },
      storagePools: {
        list: list("pools", [
          { name: "tank", driver: "dir", config: {} },
          { name: "app-pool", driver: "dir", config: {} },
        ]),
      },
      storageVolumes: { list: list("volumes", [volume("app-a"), volume("other"), volume("app-a/snap0")]) },
      networks: {
        list: list("networks", [
          { name: "app-n", managed: true, type: "bridge" },
          { name: "app-o", managed: true, type: "ovn" },
          { name: "eth9", managed: false },
          { name: "x", managed: true },
        ]),
      },
      profiles: { list: list("profiles", [{ name: "default" }, { name: "app-p" }]) },
      instances: { list: list("instances", [instance("app-i"), instance("zz")]) },
      images: { listAliases: list("aliases", []) },
      networkZones: {
        list: list("zones", [
          { name: "app-zone.org", config: {} },
          { name: "other.org", config: {} },
        ]),
      },
      networkZoneRecords: { list: list("records", [{ name: "www", entries: [] }]) },
      networkForwards: { list: list("forwards", [{ listen_address: "192.0.2.1", ports: [] }]) },
      networkACLs: { list: list("acls", [{ name: "app-acl" }, { name: "other-acl" }]) },
      networkLoadBalancers: { list: list("load balancers", [{ listen_address: "192.0.2.2" }]) },
      storageBuckets: { list: list("buckets", [{ name: "app-b" }, { name: "other-b" }]) },
      storageBucketKeys: { list: list("bucket keys", [{ name: "k" }]) },
      ...hostWide,
    } as unknown as IncusClient;
    const lines: string[] = [];
    const s = await readHost(fake, {
      remoteName: "local",
      address: "unix://",
      project: "p",
      prefix: "app-",
      progress: (l) => lines.push(l),
    });
    expect(s.volumes.map((v) => `${v.pool}/${v.name}`)).toEqual(["app-pool/app-a", "tank/app-a"]);
    expect(s.networks.map((n) => n.name)).toEqual(["app-n", "app-o"]);
    expect(s.profiles.map((p) => p.name)).toEqual(["app-p"]);
    expect(s.instances.map((i) => i.name)).toEqual(["app-i"]);
    expect(s.pools.map((p) => p.name)).toEqual(["app-pool", "tank"]);
    expect(s.zones?.map((z) => [z.name, z.records.map((r) => r.name)])).toEqual([["app-zone.org", ["www"]]]);
    expect(lines).toContain("reading instances… 1");
    expect(lines).toContain("reading network zones… 1");
    expect(s.acls?.map((a) => a.name)).toEqual(["app-acl"]);
    expect(lines).toContain("reading network ACLs… 1");
    expect(s.forwards?.map((f) => `${f.network}/${f.listen_address}`)).toEqual(["app-n/192.0.2.1", "app-o/192.0.2.1"]);
    // Load balancers of the OVN network only; buckets of the matching pool only, with their keys.
    expect(s.loadBalancers?.map((l) => `${l.network}/${l.listen_address}`)).toEqual(["app-o/192.0.2.2"]);
    expect(s.buckets?.map((b) => [b.pool, b.name, b.keys.map((k) => k.name)])).toEqual([["app-pool", "app-b", ["k"]]]);
    expect(s.certificates?.map((c) => c.name)).toEqual(["app-cert"]);
    expect(s.ownFingerprint).toBe("abc123");
    expect(s.clusterMembers).toEqual(["m1", "m2"]);
    expect(s.clusterGroups?.map((g) => g.name)).toEqual(["app-g"]);
    expect(lines).toContain("reading network load balancers… 1");
    expect(lines).toContain("reading storage buckets… 1");
    expect(lines).toContain("reading cluster groups… 1");
    expect(lines).toContain("reading network forwards… 2");
    expect(lines).toContain("reading volumes… 2");
    expect(calls.every((c) => c.endsWith(`{"project":"p"}`))).toBe(true);
  });

  test("a network of another type than bridge is a warning only when its config leaves an address to the construct's default", () => {
    const network = (name: string, config: Record<string, string>) => ({
      name,
      description: "",
      type: "ovn",
      managed: true,
      status: "Created",
      config,
      used_by: [],
      locations: [],
    });
    const plan = planImport(
      snapshot({
        networks: [
          network("app-both", { "ipv4.address": "10.1.0.1/24", "ipv6.address": "none", network: "UPLINK" }),
          network("app-v4", { "ipv4.address": "10.2.0.1/24", network: "UPLINK" }),
        ],
      }),
    );
    const typed = plan.warnings.filter((w) => w.includes('is of type "ovn"'));
    expect(typed).toEqual([
      'network "app-v4" is of type "ovn": the Network construct adds ipv4.address/ipv6.address=none unless the config sets them; review its config',
    ]);
  });

  test("objects of API extensions the server lacks are not read; a standalone server has no cluster groups", async () => {
    const empty = async () => [];
    const unexpected = async () => {
      throw new Error("read without its API extension");
    };
    const fake = {
      server: {
        get: async () => ({ value: { api_extensions: [], auth_user_method: "unix", auth_user_name: "root" } }),
      },
      storagePools: { list: async () => [{ name: "app-pool", driver: "dir", config: {} }] },
      storageVolumes: { list: empty },
      networks: { list: async () => [{ name: "app-o", managed: true, type: "ovn" }] },
      profiles: { list: empty },
      instances: { list: empty },
      networkZones: { list: empty },
      networkForwards: { list: empty },
      networkACLs: { list: empty },
      networkLoadBalancers: { list: unexpected },
      storageBuckets: { list: unexpected },
      certificates: { list: empty },
      cluster: { listMembers: unexpected },
      clusterGroups: { list: unexpected },
    } as unknown as IncusClient;
    const s = await readHost(fake, { remoteName: "local", address: "unix://", prefix: "app-" });
    expect(s.loadBalancers).toEqual([]);
    expect(s.buckets).toEqual([]);
    expect(s.ownFingerprint).toBeUndefined();
    expect(s.clusterMembers).toBeUndefined();
    expect(s.clusterGroups).toBeUndefined();
  });
});

describe("import-host command line", () => {
  test("--remote is required", async () => {
    const io = memoryIO();
    expect(await main([], io)).toBe(1);
    expect(io.err()).toMatch(/--remote is required/);
  });

  test("https remotes need a client certificate; TLS files make no sense for the socket", async () => {
    let io = memoryIO();
    expect(await main(["--remote", "https://10.0.0.2:8443"], io)).toBe(1);
    expect(io.err()).toMatch(/needs --client-cert and --client-key/);
    io = memoryIO();
    expect(await main(["--remote", "local", "--client-cert", "c.pem"], io)).toBe(1);
    expect(io.err()).toMatch(/only apply to an https:\/\/ remote/);
    io = memoryIO();
    expect(await main(["--remote", "ftp://x"], io)).toBe(1);
    expect(io.err()).toMatch(/is not local, unix:/);
  });

  test("a remote named by the incus client's config.yml is read with the client's certificates", async () => {
    const conf = mkdtempSync(join(tmpdir(), "t-import-remotes-"));
    try {
      writeFileSync(
        join(conf, "config.yml"),
        "remotes:\n  lab:\n    addr: https://10.0.0.5:8443\n  images:\n    addr: https://images.example\n    protocol: simplestreams\n",
      );
      const env = { INCUS_CONF: conf, HOME: conf };
      let io = memoryIO({ env });
      expect(await main(["--remote", "lab"], io)).toBe(1);
      expect(io.err()).toMatch(
        /^import: Remote "lab" \(https:\/\/10\.0\.0\.5:8443\) needs a client certificate, .*Run `incus remote add` for it, or pass its https:\/\/ address/,
      );
      io = memoryIO({ env });
      expect(await main(["--remote", "images"], io)).toBe(1);
      expect(io.err()).toMatch(/simplestreams image server/);
      io = memoryIO({ env });
      expect(await main(["--remote", "ghost"], io)).toBe(1);
      expect(io.err()).toMatch(
        /Unknown remote "ghost": add it with `incus remote add`, or pass its address .*\(known remotes: images, lab, local\)/,
      );
    } finally {
      rmSync(conf, { recursive: true, force: true });
    }
  });

  test("an https remote without --server-cert is a usage error naming the option, before any file is read", async () => {
    const io = memoryIO();
    const argv = [
      "--remote",
      "https://10.0.0.2:8443",
      "--client-cert",
      "missing-client.crt",
      "--client-key",
      "missing-client.key",
    ];
    expect(await main(argv, io)).toBe(1);
    expect(io.err()).toMatch(/^import: an https remote needs --server-cert: the server's certificate/);
    expect(io.err()).not.toMatch(/serverCert|Reading the Incus host|cannot read/);
    // A usage error is followed by the usage, which marks the option as required.
    expect(io.err()).toMatch(/--server-cert FILE +https \(required\)/);
  });

  test("--help prints the usage", async () => {
    const io = memoryIO();
    expect(await main(["--help"], io)).toBe(0);
    expect(io.out()).toMatch(/--prefix NAME-PREFIX/);
  });
});
