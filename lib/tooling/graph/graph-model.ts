// The picture of a synthesized stack: hosts (provider remotes / connections) holding pools, volumes, instances and
// networks, and the edges that matter for data: pool → volume, instance → volume by lifecycle kind (ephemeral,
// persistent, shared), volume ⇒ instance for rebuildOnChange, instance → network, instance → root-disk pool, and
// overlay → base volume. Incus objects sit in their project; volumes carry their removal policy and point at what
// they leave behind (final copies, released volumes, snapshots before a rebuild; volume-outcomes.ts).
import { buildCouplingModel } from "../stack/coupling";
import type { CouplingModel } from "../stack/coupling";
import { backendOf, familyOf, familyOfAddress, OBJECT_NOUNS } from "../stack/resource-kinds";
import type { ResourceFamily } from "../stack/resource-kinds";
import { referencedAddresses } from "../stack/references";
import { displayName, literalName, viewsFromStack } from "../stack/resource-view";
import type { ResourceView } from "../stack/resource-view";
import type { StackProvider, SynthesizedStack } from "../stack/synthesized-stack";
import { recordedRemovalPolicy } from "../stack/removal-policy";
import { PROJECT_TYPE, projectResolver } from "./projects";
import { managedSnapshots, rebuildSnapshotRequests, volumeOutcomes } from "./volume-outcomes";

export type { GraphEdge, GraphEdgeKind, GraphNode, GraphNodeKind } from "./graph-elements";
import type { GraphEdge, GraphNode, GraphNodeKind } from "./graph-elements";

/** The families drawn as nodes of their own kind (volumes, instances and projects have their own passes). */
const NODE_FAMILIES: readonly ResourceFamily[] = ["pool", "network", "acl", "forward", "zone", "bucket"];

export interface StackGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

/** Builds the graph of a synthesized stack. */
export function buildStackGraph(stack: SynthesizedStack): StackGraph {
  const model = buildCouplingModel(viewsFromStack(stack));
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const hostOf = hostResolver(stack.providers, nodes);
  const add = (node: GraphNode): void => {
    if (!nodes.has(node.id)) nodes.set(node.id, node);
  };
  const resolveProject = projectResolver(model.views);
  const projectOf = (view: ResourceView, host: string | undefined): string | undefined => {
    const project = resolveProject(view, host);
    if (project === undefined) return undefined;
    add({
      id: project.id,
      kind: "project",
      label: project.name,
      notes: project.managed ? [] : ["not managed by this stack"],
      host,
      address: project.managed ? project.id : undefined,
    });
    return project.id;
  };
  const rebuilds = rebuildSnapshotRequests(model);

  for (const view of model.views.values()) {
    if (view.type === PROJECT_TYPE) {
      add({
        id: view.address,
        kind: "project",
        label: displayName(model.views, view),
        notes: [],
        host: hostOf(view),
        address: view.address,
      });
      continue;
    }
    const family = familyOf(view.type);
    if (!NODE_FAMILIES.includes(family)) continue;
    const host = hostOf(view);
    const listenAddress = view.attributes.listen_address;
    add({
      id: view.address,
      kind: family as GraphNodeKind,
      label: typeof listenAddress === "string" ? listenAddress : displayName(model.views, view),
      notes: OBJECT_NOUNS[view.type] !== undefined ? [OBJECT_NOUNS[view.type]] : [],
      host,
      project: projectOf(view, host),
      address: view.address,
    });
    // A bucket is in its pool, as a volume is.
    if (family === "bucket") {
      const pool = managedOrExternal(model, view.attributes.pool, "pool", host, add);
      if (pool !== undefined) edges.push({ from: pool, to: view.address, kind: "contains" });
    }
  }
  for (const volume of model.volumes.values()) {
    const view = model.views.get(volume.address)!;
    const host = hostOf(view);
    const project = projectOf(view, host);
    const policy = recordedRemovalPolicy(view.type, view.attributes).policy;
    add({
      id: volume.address,
      kind: "volume",
      label: volume.name,
      notes: [volume.kind, ...(volume.protected ? ["protected"] : [])],
      host,
      project,
      address: volume.address,
      lifecycle: volume.kind,
      removalPolicy: policy,
    });
    const outcomes = volumeOutcomes(model, volume, policy, rebuilds.get(volume.address), { host, project });
    outcomes.nodes.forEach(add);
    edges.push(...outcomes.edges);
    const pool = managedOrExternal(model, view.attributes.pool, "pool", host, add);
    if (pool !== undefined) edges.push({ from: pool, to: volume.address, kind: "contains" });
    for (const base of referencedAddresses(view.attributes.backing_store)) {
      if (model.volumes.has(base)) edges.push({ from: volume.address, to: base, kind: "backing" });
    }
  }
  for (const instance of model.instances.values()) {
    const view = model.views.get(instance.address)!;
    const host = hostOf(view);
    add({
      id: instance.address,
      kind: "instance",
      label: instance.name,
      notes: instance.protected ? ["protected"] : [],
      host,
      project: projectOf(view, host),
      address: instance.address,
    });
    for (const attachment of instance.attachments) {
      const kind = model.volumes.get(attachment.volume)!.kind;
      edges.push({ from: instance.address, to: attachment.volume, kind, label: attachment.path });
      if (attachment.rebuildOnChange)
        edges.push({ from: attachment.volume, to: instance.address, kind: "rebuildOnChange" });
    }
    // The model gives managed objects by address and unmanaged ones by their literal name.
    for (const network of instance.networks) {
      const id = model.views.has(network) ? network : managedOrExternal(model, network, "network", host, add);
      if (id !== undefined) edges.push({ from: instance.address, to: id, kind: "network" });
    }
    for (const pool of instance.rootPools) {
      const id = model.views.has(pool) ? pool : managedOrExternal(model, pool, "pool", host, add);
      if (id !== undefined) edges.push({ from: instance.address, to: id, kind: "root-disk" });
    }
  }
  edges.push(...networkObjectEdges(model));
  for (const snapshot of managedSnapshots(model)) {
    const volume = snapshot.volume !== undefined ? nodes.get(snapshot.volume) : undefined;
    add({
      id: snapshot.snapshot,
      kind: "snapshot",
      label: snapshot.label,
      notes: ["snapshot"],
      host: volume?.host,
      project: volume?.project,
      address: snapshot.snapshot,
    });
    if (volume !== undefined) edges.push({ from: volume.id, to: snapshot.snapshot, kind: "snapshot" });
  }
  // Hosts first, then everything else by kind and id: stable output for diffs and tests.
  const order: GraphNodeKind[] = [
    "host",
    "project",
    "pool",
    "network",
    "acl",
    "forward",
    "zone",
    "volume",
    "bucket",
    "snapshot",
    "released",
    "instance",
  ];
  const sorted = [...nodes.values()].sort(
    (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.id.localeCompare(b.id),
  );
  return { nodes: sorted, edges: dedupe(edges) };
}

/**
 * The edges of network ACLs and forwards: an ACL to the networks and instances whose `security.acls` name it, a
 * forward to its network and to the instances whose eth0 has a port's target address.
 */
function networkObjectEdges(model: CouplingModel): GraphEdge[] {
  const edges: GraphEdge[] = [];
  const views = [...model.views.values()];
  const aclNamed = (name: string) =>
    views.find((v) => familyOf(v.type) === "acl" && literalName(model.views, v.attributes.name) === name)?.address;
  const aclsOf = (value: unknown): string[] =>
    typeof value === "string"
      ? value.split(",").flatMap((entry) => {
          const referenced = referencedAddresses(entry).find((a) => familyOfAddress(a) === "acl");
          return referenced ?? aclNamed(entry) ?? [];
        })
      : [];
  const fixedAddresses = new Map<string, string>();
  for (const view of views) {
    const family = familyOf(view.type);
    if (family === "network") {
      const config = view.attributes.config as { [key: string]: unknown } | undefined;
      for (const acl of aclsOf(config?.["security.acls"])) edges.push({ from: acl, to: view.address, kind: "acl" });
    }
    if (family === "instance" && Array.isArray(view.attributes.device)) {
      for (const device of view.attributes.device as { type?: unknown; properties?: { [key: string]: unknown } }[]) {
        if (device.type !== "nic") continue;
        for (const acl of aclsOf(device.properties?.["security.acls"]))
          edges.push({ from: acl, to: view.address, kind: "acl" });
        const address = device.properties?.["ipv4.address"];
        if (typeof address === "string") fixedAddresses.set(address, view.address);
      }
    }
  }
  for (const view of views.filter((v) => familyOf(v.type) === "forward")) {
    const network = referencedAddresses(view.attributes.network).find((a) => familyOfAddress(a) === "network");
    if (network !== undefined) edges.push({ from: view.address, to: network, kind: "network" });
    const ports = Array.isArray(view.attributes.ports) ? (view.attributes.ports as { [key: string]: unknown }[]) : [];
    // A load balancer's backends are instances at their fixed addresses.
    const backends = Array.isArray(view.attributes.backend)
      ? (view.attributes.backend as { [key: string]: unknown }[])
      : [];
    for (const backend of backends) {
      const target =
        typeof backend.target_address === "string" ? fixedAddresses.get(backend.target_address) : undefined;
      if (target !== undefined)
        edges.push({ from: view.address, to: target, kind: "forward", label: String(backend.name) });
    }
    for (const port of ports) {
      const target = typeof port.target_address === "string" ? fixedAddresses.get(port.target_address) : undefined;
      if (target !== undefined)
        edges.push({
          from: view.address,
          to: target,
          kind: "forward",
          label: `${port.listen_port}→${port.target_port}`,
        });
    }
  }
  return edges;
}

/** The node id for a pool/network value: the managed resource it references or names, else an external node. */
function managedOrExternal(
  model: CouplingModel,
  value: unknown,
  kind: "pool" | "network",
  host: string | undefined,
  add: (node: GraphNode) => void,
): string | undefined {
  const referenced = referencedAddresses(value).find((a) => familyOfAddress(a) === kind && model.views.has(a));
  if (referenced !== undefined) return referenced;
  const name = literalName(model.views, value);
  if (name === undefined) return undefined;
  const managed = model.viewNamed(kind, name);
  if (managed !== undefined) return managed.address;
  const id = `${kind}:${host ?? "?"}:${name}`;
  add({ id, kind, label: name, notes: ["not managed by this stack"], host });
  return id;
}

/** Resolves each resource's host: Incus by its `remote` (or the default remote), libvirt by its provider alias. */
function hostResolver(
  providers: readonly StackProvider[],
  nodes: Map<string, GraphNode>,
): (view: ResourceView) => string | undefined {
  const incus = providers.filter((p) => p.type === "incus");
  const libvirt = providers.filter((p) => p.type === "libvirt");
  const ensure = (id: string, label: string, notes: string[] = []): string => {
    if (!nodes.has(id)) nodes.set(id, { id, kind: "host", label, notes });
    return id;
  };
  for (const provider of incus) {
    for (const remote of Array.isArray(provider.attributes.remote) ? provider.attributes.remote : []) {
      const r = remote as { name?: unknown; address?: unknown };
      if (typeof r.name === "string")
        ensure(
          incusHostId(provider.alias, r.name),
          `Incus remote "${r.name}"`,
          typeof r.address === "string" ? [r.address] : [],
        );
    }
  }
  for (const provider of libvirt) {
    const uri = typeof provider.attributes.uri === "string" ? provider.attributes.uri : "(default URI)";
    ensure(libvirtHostId(provider.alias), `libvirt ${uri}`, provider.alias ? [`alias ${provider.alias}`] : []);
  }
  return (view) => {
    const alias = view.provider?.includes(".") ? view.provider.split(".")[1] : undefined;
    const backend = backendOf(view.type);
    if (backend === "incus") {
      const provider = incus.find((p) => p.alias === alias);
      const fallback =
        typeof provider?.attributes.default_remote === "string" ? provider.attributes.default_remote : undefined;
      const remote = typeof view.attributes.remote === "string" ? view.attributes.remote : fallback;
      return remote === undefined
        ? ensure(incusHostId(alias, "(default)"), "Incus (default remote)")
        : ensure(incusHostId(alias, remote), `Incus remote "${remote}"`);
    }
    if (backend === "libvirt") return ensure(libvirtHostId(alias), `libvirt ${alias ?? "(default provider)"}`);
    return undefined;
  };
}

function incusHostId(alias: string | undefined, remote: string): string {
  return alias ? `host:incus.${alias}:${remote}` : `host:incus:${remote}`;
}

function libvirtHostId(alias: string | undefined): string {
  return alias ? `host:libvirt.${alias}` : "host:libvirt";
}

function dedupe(edges: GraphEdge[]): GraphEdge[] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    const key = `${e.from}|${e.to}|${e.kind}|${e.label ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
