// Terraform's apply walk plans a create (PlanResourceChange) right before it applies it (ApplyResourceChange), in
// the same provider session: the adoption preview's lookup of the domain and of the volumes its disks need is
// what the create would read again a moment later. That lookup is kept here: per session (one `configure`; the
// warm process serves several Terraform commands, each with its own sessions), for a few seconds only, and taken
// once. Only a create reads it, never a refresh: a stale "no such domain" makes `define` (with a fresh UUID) fail
// rather than touch a domain that appeared meanwhile.
// The volumes this session created are kept the same way: a session that creates is Terraform's apply walk, where a
// domain is planned and created right after the volumes it depends on. Their formats are what its definition needs,
// and the existing-domain check is `define` itself (refused for a name in use), so that domain's plan and create
// read nothing before the definition.
import type { DomainInfo, VolumeInfo, VolumeRef } from "../../../libvirt";

/** How long a lookup stays usable: the apply walk's plan and apply of one resource follow each other. */
export const RECENT_LOOKUP_MS = 3000;

export interface DomainLookup {
  readonly domain: DomainInfo | undefined;
  readonly volumes: ReadonlyArray<VolumeInfo | undefined>;
}

export class RecentDomainLookups {
  private readonly entries = new Map<string, { readonly at: number; readonly lookup: DomainLookup }>();
  private readonly created = new Map<string, { readonly at: number; readonly info: VolumeInfo }>();

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

  /** Records a volume this session has just created, as the create read it back. */
  rememberCreatedVolume(info: VolumeInfo): void {
    for (const [key, entry] of this.created) if (this.now() - entry.at > RECENT_LOOKUP_MS) this.created.delete(key);
    this.created.set(volumeKeyOf(info.pool, info.name), { at: this.now(), info });
  }

  /**
   * A lookup made of what this session knows: when it created every one of `volumes` (at least one) moments ago,
   * no domain (the definition is refused if one of that name exists) and those volumes; else undefined.
   */
  afterCreatedVolumes(volumes: readonly VolumeRef[]): DomainLookup | undefined {
    if (volumes.length === 0) return undefined;
    const found = volumes.map((v) => this.created.get(volumeKeyOf(v.pool, v.name)));
    if (found.some((entry) => !entry || this.now() - entry.at > RECENT_LOOKUP_MS)) return undefined;
    return { domain: undefined, volumes: found.map((entry) => entry!.info) };
  }
}

function volumeKeyOf(pool: string, name: string): string {
  return JSON.stringify([pool, name]);
}

function keyOf(name: string, volumes: readonly VolumeRef[]): string {
  return JSON.stringify([name, volumes.map((v) => [v.pool, v.name])]);
}
