// The warning for an adopted network, storage pool or volume, profile or project: what it held that the
// configuration does not set, and what the converge did with each (read back afterwards rather than predicted, so
// it says what Incus really did). Keys the provider treats as Incus's own once it has filled them in (a pool's
// source, a bridge's addresses: kept by the converge and not shown in the state) are not listed, or every resume
// of a run that died after its create would warn.
import type { Diagnostics } from "../../framework";
import type { ConfigMap, DevicesMap } from "../../../incus";
import { describeExtras, extrasOf, plannedDeviceNames, warnAdopted } from "./adopt-checks";
import { configMap } from "./config";

type Body = { readonly config?: ConfigMap | null; readonly devices?: DevicesMap | null };

export interface AdoptedObject<E extends Body> {
  readonly kind: string;
  readonly name: string;
  readonly diagnostics: Diagnostics;
  /** The object as found, before the converge. */
  readonly existing: E;
  /** The plan's config and devices (map and set block values, unknown while not known). */
  readonly planned: { readonly config?: unknown; readonly device?: unknown };
  /** The config of the state read back after the converge. */
  readonly state: { readonly config?: unknown };
  /** Reads the object again (after the converge). */
  readonly find: () => Promise<E | undefined>;
}

/** Warns about what the adopted object held beyond the plan: removed by the converge, or kept. */
export async function reportAdoptedExtras<E extends Body>(adopted: AdoptedObject<E>): Promise<void> {
  const extras = extrasOf(
    adopted.existing,
    configMap(adopted.planned.config),
    plannedDeviceNames(adopted.planned.device),
  );
  if (extras.config.length + extras.devices.length === 0) return;
  const after: Body = (await adopted.find()) ?? {};
  const shownInState = configMap(adopted.state.config);
  const removed = {
    devices: extras.devices.filter((d) => after.devices?.[d] === undefined),
    config: extras.config.filter((k) => after.config?.[k] === undefined),
  };
  const kept = {
    devices: extras.devices.filter((d) => after.devices?.[d] !== undefined),
    config: extras.config.filter((k) => after.config?.[k] !== undefined && k in shownInState),
  };
  warnAdopted(adopted.diagnostics, adopted.kind, adopted.name, {
    removed: describeExtras(removed, adopted.existing),
    kept: describeExtras(kept, adopted.existing),
    notes: [],
  });
}
