// The one owner of an instance's couplings. A generation is an instance plus the volumes that are replaced with it:
// it records the instance's attachments (the only place they are recorded), applies the attachment rules, and —
// once an EPHEMERAL volume joins — owns the terraform_data anchor that the instance and those volumes name in
// replace_triggered_by. What goes into the anchor and what it follows are rules in lib/lifecycle/generation.ts.
// A volume learns how it is coupled (its instances, its anchor) from couplingOf().
import type { TerraformResource, TerraformResourceLifecycle } from "cdktf";
import { Construct } from "constructs";
import { TerraformDataResource } from "../../bindings";
import type { SpecResource } from "../../bindings";
import {
  generationFollows,
  generationTriggers,
  instanceLifecycleBlock,
  joinsGeneration,
  tooManyAttachments,
} from "../../lifecycle";
import { resourceAddress } from "../../lifecycle/references";
import type { GenerationMember, ReplacementInputs } from "../../lifecycle";
import type { IVolume } from "../model/volume-props";
import { fail } from "./errors";
import { pathInStack } from "./names";
import { producedAtSynth } from "./produced-at-synth";

/** What a generation needs of a volume the stack manages (a Volume; a Volume.fromName volume has none). */
export interface ManagedVolume {
  readonly resource: TerraformResource;
  /** The attributes that force the volume to be replaced: what the anchor holds for an EPHEMERAL volume. */
  readonly replacementInputs: ReplacementInputs;
  /** The resource of the volume an overlay is based on. */
  readonly base?: TerraformResource;
  /** References to the attributes whose change rebuilds an instance that follows the volume (rebuildOnChange). */
  readonly changeReferences: readonly string[];
  /** The same references into the base volume of an overlay. */
  readonly baseChangeReferences?: readonly string[];
}

// The volumes this stack manages: what a generation needs of each, produced when an instance attaches it.
const managedVolumes = new WeakMap<IVolume, () => ManagedVolume>();

/** Records that `volume` is managed by this stack (a Volume, not Volume.fromName) and what a generation needs of it. */
export function registerManagedVolume(volume: IVolume, describe: () => ManagedVolume): void {
  managedVolumes.set(volume, describe);
}

/** Whether the stack manages `volume`. */
export function isManagedVolume(volume: IVolume): boolean {
  return managedVolumes.has(volume);
}

/** What a generation needs of `volume`; undefined for a volume the stack does not manage. */
export function managedVolumeOf(volume: IVolume): ManagedVolume | undefined {
  return managedVolumes.get(volume)?.();
}

/** One volume attached to an instance. */
export interface Attachment {
  readonly volume: IVolume;
  readonly managed?: ManagedVolume;
  readonly path?: string;
  readonly rebuildOnChange: boolean;
  /** How many snapshots taken before a rebuild to keep (attach option snapshotBeforeRebuild); undefined = none. */
  readonly snapshotBeforeRebuild?: number;
  readonly readOnly: boolean;
  readonly deviceName: string;
}

/** The backend's checks of an attachment (mount path or guest device, device names), given the ones made before. */
export type DeviceCheck = (attachment: Attachment, attached: readonly Attachment[]) => void;

/** How a volume is coupled to instances, as its lifecycle block and its validation need it. */
export interface VolumeCoupling {
  /** Paths of the instances it is attached to, in the order of the attach() calls. */
  readonly instances: readonly string[];
  /** The anchor of the generation an EPHEMERAL volume belongs to. */
  readonly generationAnchor?: string;
  /** Some instance rebuilds when the volume changes (rebuildOnChange). */
  readonly followed: boolean;
  /** The largest snapshotBeforeRebuild of its attachments; undefined when none asks for it. */
  readonly snapshotBeforeRebuild?: number;
}

// The generations each volume is attached to: an index into the generations, which hold the attachments.
const holders = new WeakMap<IVolume, InstanceGeneration[]>();

/** How `volume` is coupled, from the generations it is attached to. */
export function couplingOf(volume: IVolume): VolumeCoupling {
  const generations = holders.get(volume) ?? [];
  const own = joinsGeneration(volume.lifecycle) ? generations[0] : undefined;
  return {
    instances: generations.map((g) => g.instancePath),
    generationAnchor: own?.anchorAddress,
    followed: generations.some((g) => g.attachmentOf(volume)?.rebuildOnChange === true),
    snapshotBeforeRebuild: generations.reduce<number | undefined>((most, g) => {
      const n = g.attachmentOf(volume)?.snapshotBeforeRebuild;
      return n === undefined ? most : Math.max(most ?? 0, n);
    }, undefined),
  };
}

export class InstanceGeneration extends Construct {
  private readonly attachments: Attachment[] = [];
  private anchor?: TerraformDataResource;

  /**
   * @param instance the Instance; the generation is its child "Generation" and the anchor `Generation/Default`,
   *   so anchors keep the logical IDs they always had
   * @param instanceInputs the instance's attributes that force its replacement
   * @param checkDevice the backend's checks of a new attachment
   */
  public constructor(
    private readonly instance: Construct,
    private readonly instanceInputs: ReplacementInputs,
    private readonly checkDevice: DeviceCheck,
  ) {
    super(instance, "Generation");
  }

  /** The instance's attachments, in attach() order. */
  public get all(): readonly Attachment[] {
    return this.attachments;
  }

  public get instancePath(): string {
    return this.instance.node.path;
  }

  /** The anchor's address, once an EPHEMERAL volume has joined. */
  public get anchorAddress(): string | undefined {
    return this.anchor ? resourceAddress(this.anchor) : undefined;
  }

  public attachmentOf(volume: IVolume): Attachment | undefined {
    return this.attachments.find((a) => a.volume === volume);
  }

  /**
   * Couples a volume to the instance. Errors name the construct at fault: the instance for a second attach of the
   * same volume, a device the backend refuses or a coupling it cannot honour; the volume for more instances than
   * its lifecycle allows.
   */
  public attach(attachment: Attachment): void {
    const volume = attachment.volume;
    const where = `the volume "${volume.node.path}"`;
    if (this.attachmentOf(volume))
      fail(this.instance, "Instance", "attach", `${where} is already attached to this instance`);
    this.checkDevice(attachment, this.attachments);
    const others = holders.get(volume) ?? [];
    const problem = tooManyAttachments(volume.lifecycle, [...others.map((g) => g.instancePath), this.instancePath]);
    if (problem) fail(volume, "Volume", "lifecycle", problem);
    const joins = joinsGeneration(volume.lifecycle);
    if (attachment.managed === undefined && (joins || attachment.rebuildOnChange)) {
      const why = joins
        ? `it is ${volume.lifecycle}, and an instance can only be rebuilt together with a volume the stack creates`
        : "rebuildOnChange needs a volume whose changes the stack sees";
      fail(this.instance, "Instance", "attach", `${where} is not managed by this stack (Volume.fromName): ${why}`);
    }
    this.attachments.push(attachment);
    holders.set(volume, [...others, this]);
    if (joins) this.ensureAnchor();
  }

  /** The instance's lifecycle block: protection, its anchor and the volumes it rebuilds with. */
  public instanceLifecycle(protect: boolean): TerraformResourceLifecycle | undefined {
    return instanceLifecycleBlock({
      protect,
      generationAnchor: this.anchorAddress,
      rebuildOnChangeOf: this.attachments.flatMap((a) =>
        a.rebuildOnChange && a.managed ? a.managed.changeReferences : [],
      ),
    });
  }

  /**
   * Couples a resource the instance owns (not a Volume: the libvirt cloud-init disk) as EPHEMERAL: it names the anchor
   * in replace_triggered_by. Its inputs are part of the instance's replacement inputs, so a change of them replaces
   * the anchor and with it the instance and every EPHEMERAL member.
   */
  public addCompanion(resource: SpecResource<object>): void {
    this.ensureAnchor();
    resource.setLifecycleProducer(() => ({ replaceTriggeredBy: [this.anchorAddress!] }));
  }

  private ensureAnchor(): void {
    if (this.anchor) return;
    this.anchor = new TerraformDataResource(this, "Default", {
      triggersReplace: producedAtSynth(() => generationTriggers(this.instanceInputs, this.ephemeralInputs())),
    });
    this.anchor.setLifecycleProducer(() => {
      const follows = generationFollows(this.attachments.map(member));
      return follows.length > 0 ? { replaceTriggeredBy: follows } : undefined;
    });
  }

  /** The replacement inputs of the generation's EPHEMERAL volumes, by their path in the stack. */
  private ephemeralInputs(): Map<string, ReplacementInputs> {
    const inputs = new Map<string, ReplacementInputs>();
    for (const a of this.attachments) {
      if (a.managed && joinsGeneration(a.volume.lifecycle))
        inputs.set(pathInStack(a.volume), a.managed.replacementInputs);
    }
    return inputs;
  }
}

function member(a: Attachment): GenerationMember {
  return {
    kind: a.volume.lifecycle,
    rebuildOnChange: a.rebuildOnChange,
    changeReferences: a.managed?.changeReferences,
    baseChangeReferences: a.managed?.baseChangeReferences,
  };
}
