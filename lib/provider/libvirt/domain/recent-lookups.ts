// Terraform's apply walk plans a create (PlanResourceChange) right before it applies it (ApplyResourceChange), in
// the same provider session: the adoption preview's lookup of the domain and of the volumes its disks need is
// what the create would read again a moment later. That lookup is kept here: per session (one `configure`; the
// warm process serves several Terraform commands, each with its own sessions), for a few seconds only, and taken
// once. Only a create reads it, never a refresh: a stale "no such domain" makes `define` (with a fresh UUID) fail
// rather than touch a domain that appeared meanwhile.
import type { DomainInfo, VolumeInfo, VolumeRef } from "../../../libvirt";

/** How long a lookup stays usable: the apply walk's plan and apply of one resource follow each other. */
export const RECENT_LOOKUP_MS = 3000;

export interface DomainLookup {
  readonly domain: DomainInfo | undefined;
  readonly volumes: ReadonlyArray<VolumeInfo | undefined>;
}

export class RecentDomainLookups {
  private readonly entries = new Map<string, { readonly at: number; readonly lookup: DomainLookup }>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(name: string, volumes: readonly VolumeRef[], lookup: DomainLookup): void {
    // A plan-only session never takes what it remembered: drop what is too old to be taken.
    for (const [key, entry] of this.entries) if (this.now() - entry.at > RECENT_LOOKUP_MS) this.entries.delete(key);
    this.entries.set(keyOf(name, volumes), { at: this.now(), lookup });
  }

  /** The lookup of `name` with exactly these volumes made moments ago, once; undefined when none or too old. */
  take(name: string, volumes: readonly VolumeRef[]): DomainLookup | undefined {
    const key = keyOf(name, volumes);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (!entry || this.now() - entry.at > RECENT_LOOKUP_MS) return undefined;
    return entry.lookup;
  }
}

function keyOf(name: string, volumes: readonly VolumeRef[]): string {
  return JSON.stringify([name, volumes.map((v) => [v.pool, v.name])]);
}
