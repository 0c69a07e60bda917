// Fuzzing couplings: random volumes (lifecycle, protect, host) attached to random instances in random order.
// An independent model of the lifecycle rules predicts the first construct that must refuse (and the prop), or
// that the stack is valid; the constructs must agree, and a valid stack's JSON must carry the promised lifecycle
// (ephemeral volumes share their instance's generation anchor, persistent data is protected, rebuildOnChange
// rebuilds the instance, a non-shared volume is mounted by at most one instance).
import fc from "fast-check";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../../lib";
import { assertValidationError, freshStack, STACK, synthJson, thrown } from "./fuzz-stack";

export interface VolumeSpec {
  readonly lifecycle: VolumeLifecycle;
  readonly protect?: boolean;
  readonly host: number;
}

export interface AttachSpec {
  readonly instance: number;
  readonly volume: number;
  readonly rebuildOnChange: boolean;
}

export interface CouplingModel {
  readonly volumes: readonly VolumeSpec[];
  readonly instanceHosts: readonly number[];
  readonly attachments: readonly AttachSpec[];
}

/** Where the model expects the stack to be refused, or undefined for a valid stack. */
export interface ExpectedRefusal {
  readonly path: string;
  readonly prop: string;
  readonly why: string;
}

export const couplingModel: fc.Arbitrary<CouplingModel> = fc
  .record({
    volumes: fc.array(
      fc.record(
        {
          lifecycle: fc.constantFrom(VolumeLifecycle.EPHEMERAL, VolumeLifecycle.PERSISTENT, VolumeLifecycle.SHARED),
          protect: fc.option(fc.boolean(), { nil: undefined }),
          host: fc.nat(1),
        },
        { requiredKeys: ["lifecycle", "host"] },
      ),
      { minLength: 1, maxLength: 5 },
    ),
    instanceHosts: fc.array(fc.nat(1), { minLength: 1, maxLength: 4 }),
  })
  .chain(({ volumes, instanceHosts }) =>
    fc
      .array(
        fc.record({
          instance: fc.nat(instanceHosts.length - 1),
          volume: fc.nat(volumes.length - 1),
          rebuildOnChange: fc.boolean(),
        }),
        { maxLength: 8 },
      )
      .map((attachments) => ({ volumes, instanceHosts, attachments })),
  );

const MAX_ATTACHMENTS: { readonly [K in VolumeLifecycle]: number } = {
  [VolumeLifecycle.EPHEMERAL]: 1,
  [VolumeLifecycle.PERSISTENT]: 1,
  [VolumeLifecycle.SHARED]: Number.POSITIVE_INFINITY,
};

/** The rules of DESIGN.md's lifecycle table, applied in the order the stack is built. */
export function expectedRefusal(model: CouplingModel): ExpectedRefusal | undefined {
  for (const [i, v] of model.volumes.entries()) {
    if (v.lifecycle === VolumeLifecycle.EPHEMERAL && v.protect === true) {
      return { path: `${STACK}/v${i}`, prop: "protect", why: "an ephemeral volume cannot be protected" };
    }
  }
  const attachedTo = model.volumes.map(() => new Set<number>());
  for (const a of model.attachments) {
    const v = model.volumes[a.volume];
    if (v.host !== model.instanceHosts[a.instance]) {
      return { path: `${STACK}/i${a.instance}`, prop: "attach", why: "the volume is on another host" };
    }
    if (attachedTo[a.volume].has(a.instance)) {
      return {
        path: `${STACK}/i${a.instance}`,
        prop: "attach",
        why: "the volume is already attached to this instance",
      };
    }
    if (attachedTo[a.volume].size + 1 > MAX_ATTACHMENTS[v.lifecycle]) {
      return { path: `${STACK}/v${a.volume}`, prop: "lifecycle", why: `a ${v.lifecycle} volume on a second instance` };
    }
    attachedTo[a.volume].add(a.instance);
  }
  for (const [i, v] of model.volumes.entries()) {
    if (v.lifecycle === VolumeLifecycle.EPHEMERAL && attachedTo[i].size === 0) {
      return { path: `${STACK}/v${i}`, prop: "lifecycle", why: "an ephemeral volume attached to no instance" };
    }
  }
  return undefined;
}

/** Builds the model with the constructs (throws what they throw). */
export function buildModel(model: CouplingModel): ReturnType<typeof freshStack> {
  const stack = freshStack();
  const hosts = [new IncusHost(stack, "a"), new IncusHost(stack, "b")];
  const pools = hosts.map((host, h) => new StoragePool(stack, `pool${h}`, { host }));
  const volumes = model.volumes.map(
    (v, i) =>
      new Volume(stack, `v${i}`, { pool: pools[v.host], size: "64MiB", lifecycle: v.lifecycle, protect: v.protect }),
  );
  const instances = model.instanceHosts.map(
    (h, i) => new Instance(stack, `i${i}`, { host: hosts[h], image: "cdktf-virt-busybox" }),
  );
  for (const a of model.attachments) {
    instances[a.instance].attach(volumes[a.volume], { path: `/mnt/v${a.volume}`, rebuildOnChange: a.rebuildOnChange });
  }
  return stack;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The lifecycle promises a valid stack's JSON must keep. */
export function checkLifecycleJson(model: CouplingModel, json: Json): void {
  const volumes = json.resource?.incus_storage_volume ?? {};
  const instances = json.resource?.incus_instance ?? {};
  const anchors = json.resource?.terraform_data ?? {};
  const triggersOf = (r: Json): string[] => r?.lifecycle?.replace_triggered_by ?? [];
  const mountedBy = (v: number) =>
    Object.keys(instances).filter((id) =>
      (instances[id].device ?? []).some((d: Json) => d.properties?.source === `\${incus_storage_volume.v${v}.name}`),
    );

  for (const [i, spec] of model.volumes.entries()) {
    const volume = volumes[`v${i}`];
    if (!volume) throw new Error(`volume v${i} is missing from the JSON`);
    const users = [...new Set(model.attachments.filter((a) => a.volume === i).map((a) => `i${a.instance}`))];
    const mounted = mountedBy(i);
    if (mounted.sort().join() !== users.sort().join())
      throw new Error(`v${i} is mounted by [${mounted}] but attached to [${users}]`);
    if (spec.lifecycle === VolumeLifecycle.EPHEMERAL) {
      const anchor = triggersOf(volume).find((t) => t.startsWith("terraform_data."));
      if (!anchor) throw new Error(`ephemeral v${i} names no generation anchor in replace_triggered_by`);
      if (!triggersOf(instances[users[0]]).includes(anchor))
        throw new Error(`${users[0]} does not name v${i}'s anchor ${anchor}`);
      const anchorResource = anchors[anchor.slice("terraform_data.".length)];
      if (!anchorResource?.triggers_replace?.ephemeral_volumes?.[`v${i}`])
        throw new Error(`${anchor} does not track v${i}`);
      if (volume.lifecycle?.prevent_destroy) throw new Error(`ephemeral v${i} has prevent_destroy`);
    } else {
      const protect = spec.protect ?? true;
      if (Boolean(volume.lifecycle?.prevent_destroy) !== protect) {
        throw new Error(
          `${spec.lifecycle} v${i} with protect ${spec.protect} has prevent_destroy ${volume.lifecycle?.prevent_destroy}`,
        );
      }
      if (spec.lifecycle === VolumeLifecycle.PERSISTENT && mounted.length > 1)
        throw new Error(`persistent v${i} is mounted by ${mounted}`);
    }
  }
  for (const a of model.attachments.filter((x) => x.rebuildOnChange)) {
    // An instance follows the volume's change references (its identity and data attributes), never its bookkeeping.
    const follows = triggersOf(instances[`i${a.instance}`]).filter((t) =>
      t.startsWith(`incus_storage_volume.v${a.volume}.`),
    );
    if (
      !follows.includes(`incus_storage_volume.v${a.volume}.name`) ||
      follows.some((t) => t.includes("user.cdktf-virt."))
    ) {
      throw new Error(
        `i${a.instance} attached v${
          a.volume
        } with rebuildOnChange but does not follow its change references (${follows.join(", ")})`,
      );
    }
  }
}

/** Property: the constructs refuse exactly where the model says (with a validation error), or keep every promise. */
export function couplingProperty(): fc.IPropertyWithHooks<[CouplingModel]> {
  return fc.property(couplingModel, (model) => {
    const expected = expectedRefusal(model);
    let json: Json;
    const err = thrown(() => {
      json = synthJson(buildModel(model));
    });
    if (expected) {
      if (err === undefined)
        throw new Error(`expected a refusal at ${expected.path} (${expected.why}), the stack synthesized`);
      return assertValidationError(err, expected.path, expected.prop, model);
    }
    if (err !== undefined)
      throw new Error(`a valid coupling was refused: ${err instanceof Error ? err.message : String(err)}`);
    checkLifecycleJson(model, json);
  });
}
