// What every host construct is: an Incus server or a libvirt connection other constructs are placed on.
import type { IConstruct } from "constructs";

/** The kinds of host the constructs can drive. */
export type HostKind = "incus" | "libvirt";

/** A host: StoragePool, Volume, Instance and Network take one (directly or through their pool). */
export interface IHost extends IConstruct {
  /** "incus" or "libvirt". */
  readonly hostKind: HostKind;
}
