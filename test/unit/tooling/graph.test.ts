// graph: nodes and edges of the homelab stack, and their Mermaid, DOT and SVG renderings.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildStackGraph, graphMain, renderDot, renderMermaid } from "../../../lib/tooling";
import type { StackGraph } from "../../../lib/tooling";
import { memoryIO } from "./support/io";
import { FIXTURES, homelabStack } from "./support/plans";

const graph = buildStackGraph(homelabStack());

function edges(g: StackGraph, kind?: string): string[] {
  return g.edges
    .filter((e) => kind === undefined || e.kind === kind)
    .map((e) => `${e.from} -> ${e.to}${e.label ? ` (${e.label})` : ""}`);
}

describe("buildStackGraph", () => {
  test("hosts hold their pools, networks, volumes and instances", () => {
    const byId = Object.fromEntries(graph.nodes.map((n) => [n.id, n]));
    expect(graph.nodes.filter((n) => n.kind === "host").map((n) => [n.id, n.label, n.notes])).toEqual([
      ["host:incus:lab", 'Incus remote "lab"', ["unix://"]],
      ["host:libvirt", "libvirt qemu:///system", []],
    ]);
    for (const id of [
      "incus_storage_pool.pool",
      "incus_network.lan",
      "incus_storage_volume.pgdata",
      "incus_instance.db",
      "incus_instance.web",
    ]) {
      expect(byId[id].host).toBe("host:incus:lab");
    }
    for (const id of ["libvirt_pool.images", "libvirt_volume.debian", "libvirt_volume.root", "libvirt_domain.vm"]) {
      expect(byId[id].host).toBe("host:libvirt");
    }
    expect(byId["incus_storage_volume.pgdata"]).toMatchObject({
      kind: "volume",
      label: "homelab-pgdata",
      notes: ["persistent", "protected"],
    });
    expect(byId["incus_storage_volume.scratch"].notes).toEqual(["ephemeral"]);
    expect(byId["incus_instance.db"]).toMatchObject({ kind: "instance", label: "homelab-db", notes: ["protected"] });
    expect(graph.nodes).toHaveLength(13);
  });

  test("coupling edges carry the lifecycle kind and the mount path; rebuildOnChange points back", () => {
    expect(edges(graph, "persistent")).toEqual([
      "incus_instance.db -> incus_storage_volume.pgdata (/var/lib/postgresql)",
    ]);
    expect(edges(graph, "ephemeral")).toEqual([
      "incus_instance.db -> incus_storage_volume.scratch (/scratch)",
      "libvirt_domain.vm -> libvirt_volume.root (vda)",
    ]);
    expect(edges(graph, "shared")).toEqual([
      "incus_instance.db -> incus_storage_volume.shared (/shared)",
      "incus_instance.web -> incus_storage_volume.shared (/shared)",
    ]);
    expect(edges(graph, "rebuildOnChange")).toEqual(["incus_storage_volume.pgdata -> incus_instance.db"]);
    expect(edges(graph, "network")).toEqual(["incus_instance.db -> incus_network.lan"]);
    expect(edges(graph, "root-disk")).toEqual(["incus_instance.db -> incus_storage_pool.pool"]);
    expect(edges(graph, "backing")).toEqual(["libvirt_volume.root -> libvirt_volume.debian"]);
    expect(edges(graph, "contains")).toHaveLength(5);
  });

  test("pools and networks the stack only names appear as unmanaged nodes", () => {
    const g = buildStackGraph(
      homelabStack((json) => {
        json.resource.incus_instance.web.device.push({
          name: "eth0",
          type: "nic",
          properties: { network: "incusbr0" },
        });
        json.resource.incus_storage_volume.shared.pool = "default";
      }),
    );
    expect(g.nodes.find((n) => n.id === "network:host:incus:lab:incusbr0")).toMatchObject({
      kind: "network",
      label: "incusbr0",
      notes: ["not managed by this stack"],
    });
    expect(edges(g, "contains")).toContain("pool:host:incus:lab:default -> incus_storage_volume.shared");
  });
});

describe("renderings", () => {
  test("Mermaid: a subgraph per host and one arrow per edge", () => {
    const text = renderMermaid(graph);
    expect(text.startsWith("flowchart LR\n")).toBe(true);
    expect(text.match(/^ {2}subgraph /gm)).toHaveLength(2);
    expect(text).toContain('n_incus_storage_volume_pgdata[("volume homelab-pgdata<br/>persistent, protected")]');
    expect(text).toContain('n_incus_instance_db -->|"persistent /var/lib/postgresql"| n_incus_storage_volume_pgdata');
    expect(text).toContain('n_incus_storage_volume_pgdata ==>|"rebuildOnChange"| n_incus_instance_db');
    expect(text).toContain('n_incus_instance_db -.->|"ephemeral /scratch"| n_incus_storage_volume_scratch');
    const arrows = text.split("\n").filter((l) => /^ {2}n_\S+ (-->|-\.->|==>|---|-\.-)/.test(l));
    expect(arrows).toHaveLength(graph.edges.length);
  });

  test("DOT: clusters per host, quoted ids, styles per kind", () => {
    const text = renderDot(graph, "homelab");
    expect(text.startsWith('digraph "homelab" {')).toBe(true);
    expect(text.match(/subgraph "cluster_\d+"/g)).toHaveLength(2);
    expect(text).toContain('label="Incus remote \\"lab\\" (unix://)";');
    expect(text).toContain('"incus_storage_volume.pgdata" -> "incus_instance.db" [label="rebuildOnChange", style=bold');
    expect(text.match(/ -> /g)).toHaveLength(graph.edges.length);
  });
});

describe("cdktf-virt graph", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-graph-"));
    fs.mkdirSync(path.join(dir, "cdktf.out", "stacks", "homelab"), { recursive: true });
    fs.copyFileSync(
      path.join(FIXTURES, "homelab", "cdk.tf.json"),
      path.join(dir, "cdktf.out", "stacks", "homelab", "cdk.tf.json"),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("prints Mermaid for the app directory by default, JSON on request", async () => {
    const io = memoryIO({ cwd: dir });
    expect(await graphMain([], io)).toBe(0);
    expect(io.out()).toBe(renderMermaid(graph));
    const json = memoryIO({ cwd: dir });
    expect(await graphMain(["--format", "json"], json)).toBe(0);
    expect(JSON.parse(json.out())).toEqual(JSON.parse(JSON.stringify(graph)));
  });

  test("writes DOT to --output", async () => {
    const io = memoryIO({ cwd: dir });
    expect(await graphMain(["cdktf.out/stacks/homelab/cdk.tf.json", "--format", "dot", "--output", "g.dot"], io)).toBe(
      0,
    );
    expect(fs.readFileSync(path.join(dir, "g.dot"), "utf8")).toBe(renderDot(graph, "homelab"));
    expect(io.out()).toBe("");
  });

  test("SVG is laid out in-process, with no Graphviz on PATH", async () => {
    // An empty PATH: no `dot` to find, as on a machine without Graphviz.
    const io = memoryIO({ cwd: dir });
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      expect(await graphMain(["--format", "svg", "--output", "g.svg"], io)).toBe(0);
    } finally {
      process.env.PATH = saved;
    }
    const svg = fs.readFileSync(path.join(dir, "g.svg"), "utf8");
    expect(svg).toMatch(/<svg [^>]*>[\s\S]*<title>homelab<\/title>[\s\S]*<\/svg>/);
    expect(svg).toContain("volume homelab&#45;pgdata");
  });

  test("--format html writes one page with the inline SVG and the legend", async () => {
    const io = memoryIO({ cwd: dir });
    expect(await graphMain(["--format", "html", "--output", "g.html"], io)).toBe(0);
    const html = fs.readFileSync(path.join(dir, "g.html"), "utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).not.toContain("<?xml");
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toMatch(/<figure class="graph">\n<svg [\s\S]*<\/svg>\n<\/figure>/);
    expect(html).toContain("protect: never deleted; terraform refuses a plan that would");
  });

  test("an unknown format is a usage error", async () => {
    const io = memoryIO({ cwd: dir });
    expect(await graphMain(["--format", "png"], io)).toBe(1);
    expect(io.err()).toContain('unknown --format "png"; use one of mermaid, dot, svg, html, json');
  });
});
