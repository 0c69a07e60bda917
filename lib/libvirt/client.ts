// One entry point per libvirt connection: the virsh runner plus the typed operations that share it.
import { LibvirtDomains } from "./domains";
import { LibvirtNetworks } from "./networks";
import { LibvirtPools } from "./pools";
import { Virsh } from "./virsh";
import type { VirshCallOptions, VirshOptions } from "./virsh";
import { LibvirtVolumes } from "./volumes";

export class LibvirtClient {
  readonly virsh: Virsh;
  readonly pools: LibvirtPools;
  readonly volumes: LibvirtVolumes;
  readonly domains: LibvirtDomains;
  readonly networks: LibvirtNetworks;

  /** Takes connection options (uri, timeout) or an existing runner. */
  constructor(options: VirshOptions | Virsh = {}) {
    this.virsh = options instanceof Virsh ? options : new Virsh(options);
    this.pools = new LibvirtPools(this.virsh);
    this.volumes = new LibvirtVolumes(this.virsh);
    this.domains = new LibvirtDomains(this.virsh);
    this.networks = new LibvirtNetworks(this.virsh);
  }

  get uri(): string {
    return this.virsh.uri;
  }

  /** Library and hypervisor versions as virsh reports them; also a cheap "is libvirtd reachable" check. */
  async version(call: VirshCallOptions = {}): Promise<{ library?: string; hypervisor?: string }> {
    const out = await this.virsh.run(["version"], call);
    const pick = (label: string) => new RegExp(`^${label}:\\s*(.+)$`, "mi").exec(out)?.[1]?.trim();
    return { library: pick("Using library"), hypervisor: pick("Running hypervisor") };
  }
}
