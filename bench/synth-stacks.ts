// The two stacks bench/synth.js compares: N instances, each with a persistent data volume (rebuildOnChange) and an
// ephemeral scratch volume, on one managed pool — once with the constructs, once written by hand with the L1
// bindings. The hand-written one reproduces the constructs' output exactly (same construct tree, same attributes,
// same lifecycle blocks and generation anchors), so the benchmark compares like with like; synth.js checks that the
// two cdk.tf.json files are equal before it reports any figure.
import { Construct } from "constructs";
import type { TerraformStack } from "cdktf";
import {
  IncusInstanceResource,
  IncusProvider,
  IncusStoragePoolResource,
  IncusStorageVolumeResource,
  TerraformDataResource,
} from "../lib/bindings";
import type { TerraformResource } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../lib";
import { PROVIDER_VERSION, providerSource } from "../lib/packaging";

const IMAGE = "cdktf-virt-busybox";
const SIZE = "1GiB";

/** The stack with the constructs: what a user of the library writes. */
export function buildWithConstructs(stack: TerraformStack, count: number): void {
  const host = new IncusHost(stack, "local");
  const pool = new StoragePool(stack, "pool", { host });
  for (let i = 0; i < count; i++) {
    const instance = new Instance(stack, `vm${i}`, { host, incus: { image: IMAGE, rootDisk: { pool } } });
    const data = new Volume(stack, `data${i}`, { pool, size: SIZE });
    const scratch = new Volume(stack, `scratch${i}`, { pool, size: SIZE, lifecycle: VolumeLifecycle.EPHEMERAL });
    instance.attach(data, { path: "/data", rebuildOnChange: true });
    instance.attach(scratch, { path: "/scratch" });
  }
}

/** `type.logicalId`, the plain reference replace_triggered_by needs. */
function address(resource: TerraformResource): string {
  return `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
}

/**
 * What an instance follows of a volume it is rebuilt with (rebuildOnChange): the attributes of a real change, not the
 * whole resource, so that bookkeeping keys (protect, removal policy) update the volume in place.
 */
function changeReferences(volume: TerraformResource): string[] {
  return ['config["size"]', "content_type", "name", "pool", "remote", "type"].map(
    (path) => `${address(volume)}.${path}`,
  );
}

/** The same resources written with the L1 bindings: every value the constructs derive is spelled out. */
export function buildWithBindings(stack: TerraformStack, count: number): void {
  const stackName = stack.node.id;
  const owner = (path: string) => `${stackName}/${path}`;
  new IncusProvider(new Construct(stack, "CdktfVirt"), "incus", {
    source: providerSource("incus"),
    version: PROVIDER_VERSION,
    remote: [{ name: "local", address: "unix://" }],
    defaultRemote: "local",
  });
  new Construct(stack, "local");
  const pool = new IncusStoragePoolResource(new Construct(stack, "pool"), "Default", {
    name: `${stackName}-pool`,
    driver: "dir",
    remote: "local",
    config: { "user.cdktf-virt.owner": owner("pool") },
  });
  const poolName = pool.getStringAttribute("name");

  for (let i = 0; i < count; i++) {
    const vmScope = new Construct(stack, `vm${i}`);
    const anchorScope = new Construct(vmScope, "Generation");
    const data = new IncusStorageVolumeResource(new Construct(stack, `data${i}`), "Default", {
      name: `${stackName}-data${i}`,
      pool: poolName,
      type: "custom",
      contentType: "filesystem",
      remote: "local",
      config: {
        size: SIZE,
        "user.cdktf-virt.lifecycle": "persistent",
        "user.cdktf-virt.owner": owner(`data${i}`),
        "user.cdktf-virt.protect": "true",
      },
      // The instance follows this volume (rebuildOnChange), so its lifecycle record is frozen once written.
      lifecycle: { preventDestroy: true, ignoreChanges: ['config["user.cdktf-virt.lifecycle"]'] },
    });
    const scratchName = `${stackName}-scratch${i}`;
    const anchor = new TerraformDataResource(anchorScope, "Default", {
      triggersReplace: {
        instance: { image: IMAGE, remote: "local", type: "container" },
        ephemeral_volumes: {
          [`scratch${i}`]: {
            content_type: "filesystem",
            name: scratchName,
            pool: poolName,
            remote: "local",
            type: "custom",
          },
        },
      },
      lifecycle: { replaceTriggeredBy: changeReferences(data) },
    });
    const scratch = new IncusStorageVolumeResource(new Construct(stack, `scratch${i}`), "Default", {
      name: scratchName,
      pool: poolName,
      type: "custom",
      contentType: "filesystem",
      remote: "local",
      config: { size: SIZE, "user.cdktf-virt.lifecycle": "ephemeral", "user.cdktf-virt.owner": owner(`scratch${i}`) },
      lifecycle: { replaceTriggeredBy: [address(anchor)] },
    });
    new IncusInstanceResource(vmScope, "Default", {
      name: `${stackName}-vm${i}`,
      type: "container",
      image: IMAGE,
      running: true,
      remote: "local",
      profiles: ["default"],
      config: {
        "user.cdktf-virt.owner": owner(`vm${i}`),
        "user.cdktf-virt.image-change": "rebuild",
        "user.cdktf-virt.cloud-init-change": "rebuild",
      },
      device: [
        {
          name: `data${i}`,
          type: "disk",
          properties: { pool: poolName, source: data.getStringAttribute("name"), path: "/data" },
        },
        { name: "root", type: "disk", properties: { path: "/", pool: poolName } },
        {
          name: `scratch${i}`,
          type: "disk",
          properties: { pool: poolName, source: scratch.getStringAttribute("name"), path: "/scratch" },
        },
      ],
      lifecycle: { replaceTriggeredBy: [...changeReferences(data), address(anchor)] },
    });
  }
}

/** Variant name → builder, for the child processes of bench/synth.js. */
export const BUILDERS: { readonly [variant: string]: (stack: TerraformStack, count: number) => void } = {
  constructs: buildWithConstructs,
  bindings: buildWithBindings,
};
