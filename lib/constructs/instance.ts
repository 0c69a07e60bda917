// Instance: an Incus container or VM, or a libvirt domain. The host builds the resource (private/incus-instance.ts,
// private/libvirt-domain.ts); the instance's generation (private/generation.ts) owns its attachments and, with
// ephemeral volumes, the anchor they are rebuilt with. What only one backend has is read through `instance.incus` /
// `instance.libvirt`, typed by the host.
import { Construct } from "constructs";
import { LifecyclePolicyError, resolveInstanceProtection, VolumeLifecycle } from "../lifecycle";
import type { IHost, ViewOn } from "./model/host";
import { INCUS_INSTANCE_OPTIONS, LIBVIRT_INSTANCE_OPTIONS } from "./model/instance-props";
import type {
  AttachOptions,
  IncusInstanceOptions,
  IncusInstanceView,
  InstanceProps,
  LibvirtInstanceOptions,
  LibvirtInstanceView,
} from "./model/instance-props";
import type { InstanceForwardOptions } from "./model/network-forward-props";
import { NetworkForward } from "./network-forward";
import type { IProject } from "./model/project-props";
import type { IVolume } from "./model/volume-props";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";
import { InstanceGeneration, isManagedVolume, managedVolumeOf } from "./private/generation";
import type { HostBackend } from "./private/host-backend";
import type { InstanceBackend } from "./private/instance-backend";
import { resolveObjectName } from "./private/name-registry";
import { backendOptions, deprecated } from "./private/option-groups";
import { stableMac } from "./private/stable-mac";
import { nonDefaultProject } from "./private/placement";

const KIND = "Instance";
/** App context flag (cdktf.json "context") that turns stableMac on by default for every instance with a network. */
export const STABLE_MAC_CONTEXT = "cdktf-virt:stableMac";
/** How many snapshots `attach(volume, { snapshotBeforeRebuild: true })` keeps. */
const DEFAULT_SNAPSHOTS_KEPT = 3;

export class Instance<H extends IHost = IHost> extends Construct {
  public readonly host: H;
  public readonly protect: boolean;
  /**
   * Incus: the project the instance lives in.
   * @deprecated Read `instance.incus.project` (a compile error on a libvirt instance); removed in the next release.
   */
  public readonly project?: IProject;
  private nameReference?: string;
  private readonly hostBackend: HostBackend;
  private readonly backend: InstanceBackend;
  private readonly generation: InstanceGeneration;

  public constructor(scope: Construct, id: string, props: InstanceProps<H>) {
    super(scope, id);
    this.hostBackend = backendOf(this, KIND, props.host);
    this.host = props.host;
    const host = this.host;
    try {
      this.protect = resolveInstanceProtection(props.protect, props.removalPolicy);
    } catch (e) {
      if (e instanceof LifecyclePolicyError) fail(this, KIND, "removalPolicy", e.message);
      throw e;
    }
    const incus = backendOptions<IncusInstanceOptions>(this, KIND, host, INCUS_INSTANCE_OPTIONS, props.incus, props);
    const libvirt = backendOptions<LibvirtInstanceOptions>(
      this,
      KIND,
      host,
      LIBVIRT_INSTANCE_OPTIONS,
      props.libvirt,
      props as Omit<InstanceProps<H>, "cloudInit">,
    ); // flat cloudInit is Incus's
    const name = resolveObjectName(
      this,
      KIND,
      this.hostBackend.instanceNameRule,
      [host.node.path, nonDefaultProject(incus.project)?.node.path],
      props.name,
    );
    if (props.network && props.network.host !== host) {
      fail(this, KIND, "network", `the network "${props.network.node.path}" is on another host`);
    }
    if (props.vcpus !== undefined && (!Number.isInteger(props.vcpus) || props.vcpus < 1)) {
      fail(this, KIND, "vcpus", `${props.vcpus} is not a positive whole number`);
    }
    const input = {
      name,
      running: props.running ?? true,
      protect: this.protect,
      memory: props.memory,
      vcpus: props.vcpus,
      network: props.network,
      mac: this.macAddressOf(props.stableMac, props.network !== undefined || (libvirt.nics?.length ?? 0) > 0),
      description: props.description,
    };
    this.backend = this.hostBackend.instance(this, input, { incus, libvirt });
    this.project = this.backend.incus?.project;
    this.generation = new InstanceGeneration(this, this.backend.replacementInputs, this.backend.checkDevice);
    this.backend.resource.setLifecycleProducer(() => this.generation.instanceLifecycle(this.protect));
    for (const companion of this.backend.companions ?? []) this.generation.addCompanion(companion);
  }

  /**
   * The instance name (a reference to the instance resource). Made on first use: every reference token records the
   * stack trace of its creation, which costs more than the rest of a typical instance's construction.
   */
  public get instanceName(): string {
    return (this.nameReference ??= this.backend.resource.getStringAttribute("name"));
  }

  /**
   * The instance's IPv4 address (computed). Incus: as the instance reports it. libvirt: the NIC's DHCP lease, known
   * after the deploy that waits for it (`libvirt: { waitFor: { ipv4: true } }`, which this needs).
   */
  public get ipv4Address(): string {
    return this.backend.ipv4Address();
  }

  /**
   * What only an Incus instance has (its project). A compile error on an instance of a LibvirtHost; with a host
   * typed only as IHost, undefined on libvirt.
   */
  public get incus(): ViewOn<"incus", H, IncusInstanceView> {
    return this.backend.incus as ViewOn<"incus", H, IncusInstanceView>;
  }

  /**
   * What only a libvirt domain has (its NIC's MAC address). A compile error on an instance of an IncusHost; with a
   * host typed only as IHost, undefined on Incus.
   */
  public get libvirt(): ViewOn<"libvirt", H, LibvirtInstanceView> {
    return this.backend.libvirt as ViewOn<"libvirt", H, LibvirtInstanceView>;
  }

  /**
   * libvirt: the NIC's MAC address (computed; the stable one when stableMac applies). Needs a `network`.
   * @deprecated Read `instance.libvirt.macAddress` (a compile error on an Incus instance); removed in the next release.
   */
  public get macAddress(): string {
    const view = this.backend.libvirt;
    if (view === undefined) return fail(this, KIND, "macAddress", "is only reported for libvirt domains");
    deprecated(this, KIND, `getter "macAddress"`, "`instance.libvirt.macAddress`", "libvirt");
    return view.macAddress;
  }

  /** The derived MAC of the NIC, when stableMac applies (see InstanceProps.stableMac). */
  private macAddressOf(stableMacProp: boolean | undefined, hasNic: boolean): string | undefined {
    if (stableMacProp !== undefined && typeof stableMacProp !== "boolean")
      fail(this, KIND, "stableMac", `${JSON.stringify(stableMacProp)} is not true or false`);
    if (!hasNic) {
      if (stableMacProp === true)
        fail(this, KIND, "stableMac", "a stable MAC needs a NIC: give the instance a `network`");
      return undefined;
    }
    // Off unless the app opts in: adding hwaddr to a deployed instance changes the MAC of the running instance in
    // place (checked on incusd: an update, not a rebuild), so upgrading cdktf-virt must not turn it on by itself.
    const byDefault = this.node.tryGetContext(STABLE_MAC_CONTEXT);
    const on = stableMacProp ?? (byDefault === true || byDefault === "true");
    return on ? stableMac(this) : undefined;
  }

  /** The retention count of attach()'s snapshotBeforeRebuild (true = DEFAULT_SNAPSHOTS_KEPT), checked. */
  private snapshotRetention(volume: IVolume, option: boolean | number | undefined): number | undefined {
    if (option === undefined || option === false) return undefined;
    const where = `the volume "${volume.node.path}"`;
    this.hostBackend.requireBundledProvider(
      this,
      KIND,
      "attach",
      `snapshotBeforeRebuild (of ${where})`,
      "ignores the config key that asks for it, so a rebuild would take no snapshot",
    );
    const n = option === true ? DEFAULT_SNAPSHOTS_KEPT : option;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) {
      fail(
        this,
        KIND,
        "attach",
        `snapshotBeforeRebuild of ${where} is ${JSON.stringify(
          option,
        )}; use true (keeps ${DEFAULT_SNAPSHOTS_KEPT}), a whole number ≥ 1 (how many to keep) or false`,
      );
    }
    if (volume.lifecycle === VolumeLifecycle.EPHEMERAL) {
      fail(
        this,
        KIND,
        "attach",
        `snapshotBeforeRebuild: ${where} is EPHEMERAL, so it is rebuilt with the instance and has nothing to keep; make it PERSISTENT`,
      );
    }
    if (!isManagedVolume(volume)) this.backend.checkSnapshotOfUnmanagedVolume(where);
    return n;
  }

  /**
   * Attaches a volume: a Volume of this stack or one from Volume.fromName. The volume's lifecycle decides what
   * happens when the instance is rebuilt: an EPHEMERAL volume is rebuilt with it, PERSISTENT and SHARED volumes are
   * kept and re-attached. With `rebuildOnChange`, a change of the volume rebuilds the instance.
   */
  public attach(volume: IVolume, options: AttachOptions = {}): void {
    if (volume?.pool?.host === undefined) fail(this, KIND, "attach", "attach() takes a Volume (or Volume.fromName)");
    if (volume.pool.host !== this.host) {
      fail(
        this,
        KIND,
        "attach",
        `the volume "${volume.node.path}" is in the pool "${volume.pool.node.path}" of the host "${volume.pool.host.node.path}", but this instance runs on the host "${this.host.node.path}"; use a pool of the same host`,
      );
    }
    this.generation.attach({
      volume,
      managed: managedVolumeOf(volume),
      path: options.path,
      rebuildOnChange: options.rebuildOnChange ?? false,
      snapshotBeforeRebuild: this.snapshotRetention(volume, options.snapshotBeforeRebuild),
      readOnly: options.readOnly ?? false,
      deviceName: options.deviceName ?? volume.node.id.replace(/[^A-Za-z0-9._-]+/g, "-"),
    });
    this.backend.renderAttachments(this.generation.all);
  }

  /**
   * Publishes a port of this instance on a listen address of its network (Incus only): a NetworkForward of that
   * address (made on the first call, shared by later ones) sends `port` to `targetPort` of the instance's fixed
   * address (`incus: { ipv4Address }`, which a forward needs: it stays the same when the instance is rebuilt).
   */
  public forward(options: InstanceForwardOptions): NetworkForward {
    const network = this.backend.incus?.network;
    if (network === undefined)
      fail(this, KIND, "forward", this.backend.incus ? "needs a `network`" : "forwards are Incus only");
    const id = `Forward-${String(options.listenAddress).replace(/[^A-Za-z0-9]+/g, "-")}`;
    const forward =
      NetworkForward.of(network, options.listenAddress) ??
      new NetworkForward(this, id, { network, listenAddress: options.listenAddress });
    forward.addPort({ ...options, listenPort: options.port, target: this });
    return forward;
  }
}
