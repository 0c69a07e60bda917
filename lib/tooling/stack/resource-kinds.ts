// Which Terraform resource types are instances, volumes, pools, networks, network ACLs, forwards, zones and buckets
// (and what the other Incus objects are called) — and how an instance's arguments name
// the volumes and networks it uses (Incus `device` blocks, libvirt `devices.disks` / `devices.interfaces`). Works
// on configuration (values may be "${...}" references) and on state or plan values (plain strings) alike.
import { isObject } from "../common/json";
import { referencedAddresses } from "./references";

export type ResourceFamily =
  "instance" | "volume" | "pool" | "network" | "acl" | "forward" | "zone" | "bucket" | "profile" | "anchor" | "other";

const FAMILIES: { readonly [type: string]: ResourceFamily } = {
  incus_instance: "instance",
  libvirt_domain: "instance",
  incus_storage_volume: "volume",
  libvirt_volume: "volume",
  incus_storage_pool: "pool",
  libvirt_pool: "pool",
  incus_network: "network",
  libvirt_network: "network",
  incus_network_acl: "acl",
  incus_network_forward: "forward",
  // A load balancer is drawn like a forward: a listen address whose ports go to instances.
  incus_network_lb: "forward",
  incus_network_zone: "zone",
  incus_storage_bucket: "bucket",
  incus_profile: "profile",
  // The generation anchors the lifecycle compiler emits.
  terraform_data: "anchor",
};

/** What explain and graph call the objects of these types, whose deletion report names them. */
export const OBJECT_NOUNS: { readonly [type: string]: string } = {
  incus_network_lb: "network load balancer",
  incus_network_zone: "network zone",
  incus_network_zone_record: "zone record",
  incus_certificate: "trusted certificate",
  incus_cluster_group: "cluster group",
  incus_storage_bucket: "storage bucket",
  incus_storage_bucket_key: "bucket key",
};

/** Types besides volumes whose deletion deletes data: a bucket goes with its objects. */
export const DATA_BEARING_TYPES: ReadonlySet<string> = new Set(["incus_storage_bucket"]);

export function familyOf(type: string): ResourceFamily {
  return FAMILIES[type] ?? "other";
}

/** The family of the resource an address or reference names ("terraform_data.gen", "incus_network.lan.name"). */
export function familyOfAddress(address: string): ResourceFamily {
  return familyOf(address.split(".")[0]);
}

/** Which backend a resource type belongs to, from its provider prefix. */
export function backendOf(type: string): "incus" | "libvirt" | "terraform" | "other" {
  if (type.startsWith("incus_")) return "incus";
  if (type.startsWith("libvirt_")) return "libvirt";
  if (type.startsWith("terraform_")) return "terraform";
  return "other";
}

/** One disk of an instance that comes from a storage volume (or, for Incus, the root disk on a pool). */
export interface DiskUse {
  /** Volume name as written (a literal or a reference). */
  readonly volume?: unknown;
  /** Pool as written (a literal or a reference). */
  readonly pool?: unknown;
  /** Resources referenced by the disk's source fields (a volume's address when the code wires it directly). */
  readonly references: readonly string[];
  /** Where it appears in the instance: the Incus mount path or the libvirt target device. */
  readonly path?: string;
  /** An Incus disk at "/" with no source: the root disk, created from the image on `pool`. */
  readonly rootDisk: boolean;
  /** Marked shareable (libvirt). */
  readonly shareable: boolean;
  /** The device name (Incus) or target (libvirt), for messages. */
  readonly device?: string;
}

/** One network interface of an instance. */
export interface NetworkUse {
  readonly network?: unknown;
  readonly references: readonly string[];
  readonly device?: string;
}

type Json = { readonly [key: string]: unknown };

function asObject(value: unknown): Json {
  return isObject(value) ? value : {};
}

function asList(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The volume-backed disks (and the Incus root disk) of an instance or profile. */
export function diskUsesOf(type: string, attributes: Json): DiskUse[] {
  if (type === "incus_instance" || type === "incus_profile") {
    return asList(attributes.device)
      .filter((device) => device.type === "disk")
      .flatMap((device): DiskUse[] => {
        const props = asObject(device.properties);
        const source = props.source;
        const path = asString(props.path);
        if (source === undefined) {
          return path === "/"
            ? [
                {
                  pool: props.pool,
                  references: [],
                  path,
                  rootDisk: true,
                  shareable: false,
                  device: asString(device.name),
                },
              ]
            : [];
        }
        // A source starting with "/" is a host path bind-mounted into the instance, not a volume.
        if (typeof source === "string" && source.startsWith("/")) return [];
        return [
          {
            volume: source,
            pool: props.pool,
            references: referencedAddresses([source, props.pool]),
            path,
            rootDisk: false,
            shareable: false,
            device: asString(device.name),
          },
        ];
      });
  }
  if (type === "libvirt_domain") {
    return asList(asObject(attributes.devices).disks).flatMap((disk): DiskUse[] => {
      const source = asObject(disk.source);
      const volume = asObject(source.volume);
      const file = asObject(source.file).file;
      if (volume.volume === undefined && file === undefined) return [];
      const target = asString(asObject(disk.target).dev);
      return [
        {
          volume: volume.volume ?? file,
          pool: volume.pool,
          references: referencedAddresses([volume, file]),
          path: target,
          rootDisk: false,
          shareable: disk.shareable === true,
          device: target,
        },
      ];
    });
  }
  return [];
}

/** The networks an instance or profile is connected to. */
export function networkUsesOf(type: string, attributes: Json): NetworkUse[] {
  if (type === "incus_instance" || type === "incus_profile") {
    return asList(attributes.device)
      .filter((device) => device.type === "nic")
      .flatMap((device) => {
        const network = asObject(device.properties).network;
        if (network === undefined) return [];
        return [{ network, references: referencedAddresses(network), device: asString(device.name) }];
      });
  }
  if (type === "libvirt_domain") {
    return asList(asObject(attributes.devices).interfaces).flatMap((nic) => {
      const network = asObject(asObject(asObject(nic.source).network)).network;
      return network === undefined ? [] : [{ network, references: referencedAddresses(network) }];
    });
  }
  return [];
}

/** Profiles an Incus instance names (as written). */
export function profilesOf(type: string, attributes: Json): unknown[] {
  return type === "incus_instance" && Array.isArray(attributes.profiles) ? attributes.profiles : [];
}

/** A string config key of an Incus object (`config` map), if present. */
export function configValue(attributes: Json, key: string): string | undefined {
  const value = asObject(attributes.config)[key];
  return typeof value === "string" ? value : typeof value === "boolean" ? String(value) : undefined;
}

/** Where a construct-recorded key was found: an Incus object's config, or the resource's "//" comment. */
export type RecordSource = "config-key" | "construct-record";

/**
 * A key the constructs record on an object (lib/records): in the config of an Incus object (from
 * configuration or state), else in the "//" comment of the resource in cdk.tf.json (libvirt volumes have no config).
 */
export function recordedValue(
  attributes: Json,
  recorded: { readonly [key: string]: string } | undefined,
  key: string,
): { value: string; source: RecordSource } | undefined {
  const inConfig = configValue(attributes, key);
  if (inConfig !== undefined) return { value: inConfig, source: "config-key" };
  const inComment = recorded?.[key];
  return inComment !== undefined ? { value: inComment, source: "construct-record" } : undefined;
}
