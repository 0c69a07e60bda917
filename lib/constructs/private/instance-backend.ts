// The part of an Instance that differs per backend (private/incus-instance.ts, private/libvirt-domain.ts): its
// resource, what forces its replacement, and how it checks and renders the volumes attached to it.
import type { SpecResource } from "../../bindings";
import type { ReplacementInputs } from "../../lifecycle";
import type { IncusInstanceView, LibvirtInstanceView } from "../model/instance-props";
import type { INetwork } from "../model/network-props";
import type { Attachment, DeviceCheck } from "./generation";

export interface InstanceBackend {
  readonly resource: SpecResource<object>;
  /** The instance's attributes that force its replacement (what its generation anchor holds). */
  readonly replacementInputs: ReplacementInputs;
  readonly checkDevice: DeviceCheck;
  /** Writes the attachments into the resource: Incus disk devices, libvirt disks. */
  renderAttachments(attachments: readonly Attachment[]): void;
  /** Resources rebuilt with the instance (EPHEMERAL), e.g. the libvirt cloud-init disk; their inputs are in replacementInputs. */
  readonly companions?: readonly SpecResource<object>[];
  /** The instance's IPv4 address (a reference), or an error naming what it needs. */
  ipv4Address(): string;
  /**
   * attach(…, { snapshotBeforeRebuild }) of a volume the stack does not manage (`where` names it): Incus keeps the
   * request in the volume's config, so it fails; libvirt keeps it in the domain.
   */
  checkSnapshotOfUnmanagedVolume(where: string): void;
  /** What only an Incus instance has (instance.incus); undefined on libvirt. */
  readonly incus?: IncusInstanceView;
  /** What only a libvirt domain has (instance.libvirt); undefined on Incus. */
  readonly libvirt?: LibvirtInstanceView;
}

/** The props both backends understand, as the Instance resolved them. */
export interface CommonInstanceInput {
  readonly name: string;
  readonly running: boolean;
  readonly protect: boolean;
  readonly memory?: string;
  readonly vcpus?: number;
  readonly network?: INetwork;
  /** The first NIC's MAC address (stableMac), when it is fixed by the constructs; libvirt derives the others'. */
  readonly mac?: string;
  readonly description?: string;
}
