// What every host construct is: an Incus server or a libvirt connection other constructs are placed on; and the
// types that make a backend's options a compile error on the other backend's host.
import type { IConstruct } from "constructs";

/** The kinds of host the constructs can drive. */
export type HostKind = "incus" | "libvirt";

/**
 * The host construct classes by kind, for the props that take a host class rather than any host (a Project's or a
 * Profile's IncusHost). incus-host.ts enters IncusHost here by declaration merging, so these props name the class
 * without importing the construct, which sits a layer above them (docs/architecture.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface HostClasses {}

/** A host: StoragePool, Volume, Instance and Network take one (directly or through their pool). */
export interface IHost extends IConstruct {
  /** "incus" or "libvirt" (IncusHost and LibvirtHost declare the literal, which is what OnlyOn keys on). */
  readonly hostKind: HostKind;
}

/**
 * `T` where hosts of kind `K` may be given, i.e. when the host type `H` is (or may be) such a host. On another host
 * it is `T` plus a property no value has, so a value is a compile error that names this type, e.g.
 * `Type '{ image: string; }' is not assignable to type 'IncusOnly<LibvirtHost, IncusInstanceOptions>'`.
 * With a host typed only as `IHost` both backends' options compile and the construct checks them at synth.
 */
export type OnlyOn<K extends HostKind, H extends IHost, T> = T &
  (K extends H["hostKind"] ? unknown : { readonly [P in `only on ${K} hosts`]: never });

/** An option that only exists on Incus hosts (see OnlyOn). */
export type IncusOnly<H extends IHost, T> = OnlyOn<"incus", H, T>;

/** An option that only exists on libvirt hosts (see OnlyOn). */
export type LibvirtOnly<H extends IHost, T> = OnlyOn<"libvirt", H, T>;

/**
 * What a construct on a host of type `H` shows of backend `K` (e.g. `instance.libvirt`): `T` on such a host,
 * `undefined` on the other backend's host, so reading a member is a compile error there (`'instance.libvirt' is
 * possibly 'undefined'`, and with `?.` `Property 'macAddress' does not exist on type 'never'`). With a host typed
 * only as `IHost` it is `T | undefined`. An indexed access rather than a conditional type, so that a construct of a
 * LibvirtHost still is one of an IHost.
 */
export type ViewOn<K extends HostKind, H extends IHost, T> = {
  [P in HostKind]: P extends K ? T : undefined;
}[H["hostKind"]];
