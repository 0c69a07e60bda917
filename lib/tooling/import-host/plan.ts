// From what the host holds to what the generated stack declares: one construct per imported object, with the
// object's own name (nothing is renamed), its settings as props, references between them, and the import ID that
// lets `cdktf deploy` adopt it. Objects the stack refers to but does not import (the "default" profile, a shared
// pool) become `fromName` references. Anything the constructs cannot express is kept through their escape hatches
// (`config`, `devices`) or skipped with a warning — never dropped silently.
import type { Instance, Network, Profile, StoragePool } from "../../incus";
import { instanceImportId, namedImportId, projectImportId, volumeImportId, withRemote } from "./import-ids";
import { describeInstance } from "./plan-instance";
import { planAcls } from "./plan-acls";
import { planBuckets } from "./plan-buckets";
import { planCertificates } from "./plan-certificates";
import { planClusterGroups } from "./plan-cluster-groups";
import { planForwards } from "./plan-forwards";
import { planLoadBalancers } from "./plan-load-balancers";
import { planZones } from "./plan-zones";
import type { PlanContext } from "./plan-values";
import { optionGroup, rawDevices, userConfig } from "./plan-values";
import type { HostSnapshot, PooledVolume } from "./snapshot";
import { Code, Ref, UniqueNames, variableName } from "./source-text";
import type { Value } from "./source-text";

/** The construct classes the generated code uses. */
export type ConstructClass =
  | "IncusHost"
  | "Project"
  | "StoragePool"
  | "Network"
  | "Profile"
  | "Volume"
  | "Instance"
  | "NetworkZone"
  | "NetworkZoneRecord"
  | "NetworkAcl"
  | "NetworkForward"
  | "NetworkLoadBalancer"
  | "StorageBucket"
  | "StorageBucketKey"
  | "Certificate"
  | "ClusterGroup";

/** One `const x = …` of the generated stack. */
export interface Declaration {
  readonly variable: string;
  readonly className: ConstructClass;
  /** The construct id. */
  readonly id: string;
  /** `new Class(this, id, props)`. */
  readonly props?: Value;
  /** `Class.fromName(this, id, host, name)`: an object the stack uses but does not manage. */
  readonly fromName?: string;
  /** Adopted with this Terraform import ID. */
  readonly importId?: string;
  /** `variable.attach(volume, options)` calls. */
  readonly attachments?: readonly { readonly volume: string; readonly options: Value }[];
}

export interface ImportPlan {
  readonly declarations: readonly Declaration[];
  /** What was left out or kept only partly, each with the reason. */
  readonly warnings: readonly string[];
}

/** Choices of the import beyond what the host holds. */
export interface PlanOptions {
  /** Adopt trusted certificates too (`--certificates`); by default they are only listed. @default false */
  readonly certificates?: boolean;
}

/** Builds the plan of the generated stack. */
export function planImport(snapshot: HostSnapshot, options: PlanOptions = {}): ImportPlan {
  const declarations: Declaration[] = [];
  const warnings: string[] = [];
  const variables = new UniqueNames(["host", "app", "stack", "adopt"]);
  const ids = new UniqueNames(["CdktfVirt"]);
  const matches = (name: string) => name.startsWith(snapshot.prefix);
  const declare = (d: Omit<Declaration, "variable" | "id">, name: string, suffix: string): Ref => {
    const variable = variables.take(variableName(name, suffix));
    // The constructs name their host's remote on every resource, and the provider keeps the remote of an
    // import ID in state: both must agree or the next plan replaces the object.
    const importId = d.importId === undefined ? undefined : withRemote(snapshot.remoteName, d.importId);
    declarations.push({ ...d, importId, variable, id: ids.take(name) });
    return new Ref(variable);
  };

  const host = new Ref("host");
  ids.take(snapshot.remoteName);
  declarations.push({
    variable: "host",
    className: "IncusHost",
    id: snapshot.remoteName,
    props: { name: snapshot.remoteName, address: snapshot.address === "unix://" ? undefined : snapshot.address },
  });

  let project: Ref | undefined;
  const info = snapshot.projectInfo;
  if (info) {
    project = matches(info.name)
      ? declare(
          { className: "Project", props: projectProps(info, host), importId: projectImportId(info.name) },
          info.name,
          "Project",
        )
      : declare({ className: "Project", fromName: info.name }, info.name, "Project");
  }
  const projectOf = (name: string | undefined) => (name && name !== "default" && project ? project : undefined);
  const otherProjects = new Map<string, Ref>();
  const projectNamed = (name: string): Ref => {
    if (info && info.name === name && project) return project;
    let ref = otherProjects.get(name);
    if (!ref) {
      ref = declare({ className: "Project", fromName: name }, name, "Project");
      otherProjects.set(name, ref);
    }
    return ref;
  };

  const pools = new Map<string, Ref>();
  const pool = (name: string): Ref => {
    let ref = pools.get(name);
    if (!ref) {
      const live = snapshot.pools.find((p) => p.name === name);
      ref =
        live && matches(name)
          ? declare(
              { className: "StoragePool", props: poolProps(live, host), importId: namedImportId(name) },
              name,
              "Pool",
            )
          : declare({ className: "StoragePool", fromName: name }, name, "Pool");
      pools.set(name, ref);
    }
    return ref;
  };
  for (const p of snapshot.pools) if (matches(p.name)) pool(p.name);

  const networks = new Map<string, Ref>();
  for (const n of snapshot.networks) {
    if (n.project && n.project !== "default") {
      warnings.push(
        `network "${n.name}" lives in the project "${n.project}"; the Network construct places networks in the default project only — not imported`,
      );
      continue;
    }
    // The construct fills in "none" for an address the config leaves out: only then does the import change it.
    if (n.type !== "bridge" && !["ipv4.address", "ipv6.address"].every((key) => n.config?.[key] !== undefined)) {
      warnings.push(
        `network "${n.name}" is of type "${n.type}": the Network construct adds ipv4.address/ipv6.address=none unless the config sets them; review its config`,
      );
    }
    networks.set(
      n.name,
      declare(
        { className: "Network", props: networkProps(n, host), importId: namedImportId(n.name) },
        n.name,
        "Network",
      ),
    );
  }
  const network = (name: string): Ref => {
    let ref = networks.get(name);
    if (!ref) {
      ref = declare({ className: "Network", fromName: name }, name, "Network");
      networks.set(name, ref);
    }
    return ref;
  };

  planZones(snapshot.zones ?? [], {
    host,
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  planAcls(snapshot.acls ?? [], {
    host,
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  const profiles = new Map<string, Ref>();
  for (const p of snapshot.profiles) {
    const props = profileProps(p, host, projectOf(p.project), (m) => warnings.push(m));
    profiles.set(
      p.name,
      declare({ className: "Profile", props, importId: namedImportId(p.name, p.project) }, p.name, "Profile"),
    );
  }

  const volumes = new Map<string, { ref: Ref; volume: PooledVolume }>();
  const sharedVolumes = volumesUsedTwice(snapshot.instances);
  for (const v of snapshot.volumes) {
    const shared = v.config?.["security.shared"] === "true" || sharedVolumes.has(`${v.pool}/${v.name}`);
    const props = volumeProps(
      v,
      pool(v.pool),
      projectOf(v.project),
      shared,
      snapshot.pools.find((p) => p.name === v.pool),
    );
    const ref = declare(
      { className: "Volume", props, importId: volumeImportId(v.pool, v.name, v.project) },
      v.name,
      "Volume",
    );
    volumes.set(`${v.pool}/${v.name}`, { ref, volume: v });
  }

  const context: PlanContext = {
    snapshot,
    host,
    project,
    pool,
    network,
    profile: (name) => profiles.get(name),
    volume: (poolName, name) => volumes.get(`${poolName}/${name}`),
    warn: (m) => warnings.push(m),
  };
  const fixedAddresses = new Map<string, Ref>();
  for (const i of snapshot.instances) {
    if (i.ephemeral) {
      warnings.push(
        `instance "${i.name}" is ephemeral (deleted when it stops); the Instance construct manages persistent instances only — not imported`,
      );
      continue;
    }
    const described = describeInstance(i, context);
    const instanceRef = declare(
      {
        className: "Instance",
        props: described.props,
        attachments: described.attachments,
        importId: instanceImportId(i.name, snapshot.project, described.image),
      },
      i.name,
      "Instance",
    );
    const fixed = described.fixedAddress;
    if (fixed) fixedAddresses.set(`${fixed.network}/${fixed.ipv4Address}`, instanceRef);
  }

  planForwards(snapshot.forwards ?? [], {
    network: (name) => (snapshot.networks.some((n) => n.name === name) ? networks.get(name) : undefined),
    target: (networkName, address) => fixedAddresses.get(`${networkName}/${address}`),
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  planLoadBalancers(snapshot.loadBalancers ?? [], {
    network: (name) => (snapshot.networks.some((n) => n.name === name) ? networks.get(name) : undefined),
    target: (networkName, address) => fixedAddresses.get(`${networkName}/${address}`),
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  planBuckets(snapshot.buckets ?? [], {
    pool,
    project: projectOf(snapshot.project),
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  planCertificates(snapshot.certificates ?? [], {
    host,
    adopt: options.certificates === true,
    ownFingerprint: snapshot.ownFingerprint,
    project: projectNamed,
    declare: (className, props, importId, name, suffix) => declare({ className, props, importId }, name, suffix),
    warn: (message) => warnings.push(message),
  });

  planClusterMembership(snapshot, declarations, warnings, (className, props, importId, name, suffix) =>
    declare({ className, props, importId }, name, suffix),
  );
  return { declarations, warnings };
}

/**
 * Cluster groups need the IncusHost to name its cluster members, and a host that does builds every managed pool and
 * network in per-member parts, which an adopted pool or network has no state for: the deploy would create them.
 * So groups are adopted only when the stack manages no pool or network; otherwise they are named in a warning.
 */
function planClusterMembership(
  snapshot: HostSnapshot,
  declarations: Declaration[],
  warnings: string[],
  declare: (className: "ClusterGroup", props: Value, importId: string, name: string, suffix: string) => Ref,
): void {
  const groups = snapshot.clusterGroups ?? [];
  if (!snapshot.clusterMembers || groups.length === 0) return;
  const split = declarations.filter(
    (d) => (d.className === "StoragePool" || d.className === "Network") && d.importId !== undefined,
  );
  if (split.length > 0) {
    warnings.push(
      `cluster groups ${groups.map((g) => `"${g.name}"`).join(", ")} are not imported: a ClusterGroup needs the IncusHost's clusterMembers, which makes the host manage every pool and network per member, and the adopted ${split
        .map((d) => `"${d.id}"`)
        .join(", ")} have no member parts; import the groups with a --prefix that matches no pool or network`,
    );
    return;
  }
  const before = declarations.length;
  planClusterGroups(groups, { host: new Ref("host"), declare, warn: (message) => warnings.push(message) });
  if (declarations.length > before) {
    const host = declarations[0];
    declarations[0] = { ...host, props: { ...(host.props as object), clusterMembers: [...snapshot.clusterMembers] } };
  }
}

function nonEmpty(text: string | undefined): string | undefined {
  return text ? text : undefined;
}

function projectProps(
  p: { readonly name: string; readonly description: string; readonly config: { [key: string]: string } },
  host: Ref,
): Value {
  const on = (key: string) => p.config?.[key] === "true";
  return {
    host,
    name: p.name,
    description: nonEmpty(p.description),
    features: {
      images: on("features.images"),
      profiles: on("features.profiles"),
      storageVolumes: on("features.storage.volumes"),
      networks: on("features.networks"),
    },
    config: userConfig(p.config, (k) => k.startsWith("features.")),
  };
}

/** Keys a pool driver fills in by itself; the provider keeps them out of state, so the code leaves them out too. */
const POOL_GENERATED_KEYS = [
  "source",
  "size",
  "zfs.pool_name",
  "lvm.vg_name",
  "lvm.thinpool_name",
  "ceph.cluster_name",
  "ceph.osd.pool_name",
  "ceph.user.name",
  "ceph.osd.pg_num",
];

function poolProps(p: StoragePool, host: Ref): Value {
  return {
    host,
    name: p.name,
    driver: p.driver,
    // The Incus-only settings, grouped (the flat props are deprecated); left out when there are none.
    incus: optionGroup({
      description: nonEmpty(p.description),
      config: userConfig(p.config, (k) => POOL_GENERATED_KEYS.includes(k)),
    }),
  };
}

function networkProps(n: Network, host: Ref): Value {
  return {
    host,
    name: n.name,
    // The Incus-only settings, grouped (the flat props are deprecated); left out when there are none.
    incus: optionGroup({
      type: n.type === "bridge" ? undefined : n.type,
      description: nonEmpty(n.description),
      config: userConfig(n.config),
    }),
  };
}

function profileProps(p: Profile, host: Ref, project: Ref | undefined, warn: (m: string) => void): Value {
  return {
    host,
    name: p.name,
    description: nonEmpty(p.description),
    project,
    config: userConfig(p.config),
    devices: rawDevices(p.devices, `profile "${p.name}"`, warn),
  };
}

function volumeProps(
  v: PooledVolume,
  pool: Ref,
  project: Ref | undefined,
  shared: boolean,
  poolInfo: StoragePool | undefined,
): Value {
  // Keys a volume inherits from its pool's volume.* defaults are the pool's business, not the volume's.
  const inherited = Object.keys(poolInfo?.config ?? {})
    .filter((k) => k.startsWith("volume."))
    .map((k) => k.slice("volume.".length));
  const generated = ["size", "security.shared", "block.filesystem", "block.mount_options"];
  return {
    pool,
    name: v.name,
    size: v.config?.size,
    lifecycle: shared ? new Code("VolumeLifecycle.SHARED", "VolumeLifecycle") : undefined,
    // The Incus-only settings, grouped (the flat props are deprecated); left out when there are none.
    incus: optionGroup({
      contentType: v.content_type === "block" ? new Code("VolumeContentType.BLOCK", "VolumeContentType") : undefined,
      project,
      description: nonEmpty(v.description),
      config: userConfig(
        v.config,
        (k) => generated.includes(k) || (inherited.includes(k) && v.config[k] === poolInfo?.config[`volume.${k}`]),
      ),
    }),
  };
}

/** Custom volumes ("pool/name") that more than one instance mounts: they must be SHARED. */
function volumesUsedTwice(instances: readonly Instance[]): Set<string> {
  const seen = new Map<string, number>();
  for (const i of instances) {
    for (const d of Object.values(i.devices ?? {})) {
      if (d.type === "disk" && d.pool && d.source && d.path !== "/") {
        const key = `${d.pool}/${d.source}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([k]) => k));
}
