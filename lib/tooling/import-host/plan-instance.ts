// An instance as Instance props: its image (an alias that points at the image it was created from, else the
// fingerprint), the root disk, the NIC and the custom volumes expressed with the construct's own props and
// attach() where they fit exactly, every other device through the `devices` escape hatch. The Incus-only settings
// are written in the `incus: {...}` group, not as the deprecated flat props.
import { INCUS_DELETE_PROTECTION_KEY } from "../../records";
import type { Instance } from "../../incus";
import type { PlanContext } from "./plan-values";
import { optionGroup, rawDevices, userConfig } from "./plan-values";
import { Code } from "./source-text";
import type { Ref, Value } from "./source-text";

export interface DescribedInstance {
  readonly props: Value;
  readonly attachments: { readonly volume: string; readonly options: Value }[];
  /** The image the instance is recorded with (in both the props and the import ID). */
  readonly image: string;
  /** eth0's network and fixed address when the Instance declares them (what a NetworkForward port can target). */
  readonly fixedAddress?: { readonly network: string; readonly ipv4Address: string };
}

type Device = { readonly [key: string]: string };

/** Config keys owned by the server or by the constructs' props. */
function managedInstanceKey(key: string): boolean {
  return key.startsWith("image.") || key === INCUS_DELETE_PROTECTION_KEY;
}

export function describeInstance(instance: Instance, ctx: PlanContext): DescribedInstance {
  const config = instance.config ?? {};
  const image = imageOf(instance, ctx);
  const vm = instance.type === "virtual-machine";
  const devices: { [name: string]: Device } = { ...(instance.devices ?? {}) };
  const attachments: { volume: string; options: Value }[] = [];

  let rootDisk: Value;
  const root = devices.root;
  if (root && isOnly(root, { type: "disk", path: "/" }, ["pool", "size"]) && root.pool) {
    rootDisk = { pool: ctx.pool(root.pool), size: root.size };
    delete devices.root;
  }

  let network: Ref | undefined;
  let ipv4Address: string | undefined;
  const eth0 = devices.eth0;
  // A fixed address (`ipv4.address`, what a NetworkForward targets) is the Instance's `incus.ipv4Address`.
  if (eth0 && isOnly(eth0, { type: "nic", name: "eth0" }, ["network", "ipv4.address"]) && eth0.network) {
    network = ctx.network(eth0.network);
    ipv4Address = eth0["ipv4.address"];
    delete devices.eth0;
  }

  for (const name of Object.keys(devices).sort()) {
    const d = devices[name];
    if (d.type !== "disk" || !d.pool || !d.source || d.source.includes("/")) continue;
    if (!isOnly(d, { type: "disk" }, ["pool", "source", "path", "readonly"])) continue;
    if (d.readonly !== undefined && d.readonly !== "true") continue;
    const found = ctx.volume(d.pool, d.source);
    if (!found) continue;
    // attach() wants the volume and the instance in the same project (a project may share the default's volumes).
    const volumeInProject = (found.volume.project ?? "default") !== "default";
    if (volumeInProject !== (ctx.project !== undefined)) continue;
    const block = found.volume.content_type === "block";
    if (block ? !vm || d.path !== undefined : d.path === undefined) continue;
    attachments.push({
      volume: found.ref.variable,
      options: { path: d.path, readOnly: d.readonly === "true" ? true : undefined, deviceName: name },
    });
    delete devices[name];
  }

  const profiles = instance.profiles ?? [];
  const isDefaultProfiles = profiles.length === 1 && profiles[0] === "default";
  // Settings both backends share are top-level props; the Incus-only ones go in `incus: {...}` (the flat props
  // are deprecated).
  const props: Value = {
    host: ctx.host,
    name: instance.name,
    description: instance.description ? instance.description : undefined,
    network,
    running: isRunning(instance) ? undefined : false,
    protect: config[INCUS_DELETE_PROTECTION_KEY] === "true" ? true : undefined,
    incus: optionGroup({
      type: vm ? new Code("InstanceType.VIRTUAL_MACHINE", "InstanceType") : undefined,
      image,
      project: ctx.project,
      profiles: isDefaultProfiles ? undefined : profiles.map((p) => ctx.profile(p) ?? p),
      rootDisk,
      ipv4Address,
      config: userConfig(config, managedInstanceKey),
      devices: rawDevices(devices, `instance "${instance.name}"`, ctx.warn),
    }),
  };
  const fixedAddress = eth0?.network && ipv4Address ? { network: eth0.network, ipv4Address } : undefined;
  return { props, attachments, image, fixedAddress };
}

/** Whether a device has exactly the `fixed` values plus nothing but the `optional` keys. */
function isOnly(device: Device, fixed: Device, optional: readonly string[]): boolean {
  for (const [k, v] of Object.entries(fixed)) if (device[k] !== v) return false;
  return Object.keys(device).every((k) => k in fixed || optional.includes(k));
}

function isRunning(instance: Instance): boolean {
  return (instance.status ?? "").toLowerCase() === "running";
}

/**
 * The image to record: the provider keeps whatever the import ID says and compares it with the code, so any name
 * works for an empty plan; an alias of the base image reads better and survives image refreshes. Without
 * volatile.base_image (an instance copied or restored from a backup) the fingerprint is unknown: the instance is
 * still imported, with its name as a placeholder the user must replace, and a warning.
 */
function imageOf(instance: Instance, ctx: PlanContext): string {
  const fingerprint = instance.config?.["volatile.base_image"];
  if (!fingerprint) {
    ctx.warn(
      `instance "${instance.name}" records no base image (volatile.base_image); its image is written as "unknown-image" — set the image it should be rebuilt from`,
    );
    return "unknown-image";
  }
  const aliases = ctx.snapshot.imageAliases
    .filter((a) => a.target === fingerprint)
    .map((a) => a.name)
    .sort();
  return aliases[0] ?? fingerprint;
}
