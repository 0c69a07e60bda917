// Network operations: define, start, stop (destroy), undefine, read, and live changes of DHCP and DNS hosts.
import { isNotFound } from "./errors";
import { parseInfoLines, yesNo } from "./info-text";
import { buildNetworkXml, parseNetworkXml } from "./network-xml";
import type { NetworkSpec, NetworkXmlInfo } from "./network-xml";
import type { Virsh, VirshCallOptions } from "./virsh";

export interface NetworkInfo extends NetworkXmlInfo {
  readonly active: boolean;
  readonly persistent: boolean;
  readonly autostart: boolean;
}

export class LibvirtNetworks {
  constructor(private readonly virsh: Virsh) {}

  /** Defines (or redefines, same name and uuid) the network; returns it as libvirt stored it. */
  async define(spec: NetworkSpec, call: VirshCallOptions = {}): Promise<NetworkInfo> {
    const [defined, info, read] = await this.virsh.runBatch(
      [
        ["net-define", "/dev/stdin"],
        ["net-info", spec.name],
        ["net-dumpxml", "--inactive", spec.name],
      ],
      { ...call, input: buildNetworkXml(spec) },
    );
    const failure = defined.error ?? info.error ?? read.error;
    if (failure) throw failure;
    return combine(info.stdout, read.stdout);
  }

  async start(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["net-start", name], call);
  }

  /** Stops the network (removes its bridge). Fails with INVALID_OPERATION if it is not active. */
  async destroy(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["net-destroy", name], call);
  }

  async undefine(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["net-undefine", name], call);
  }

  async setAutostart(name: string, autostart: boolean, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(autostart ? ["net-autostart", name] : ["net-autostart", "--disable", name], call);
  }

  /** Stops the network if active and removes its definition. */
  async delete(name: string, call: VirshCallOptions = {}): Promise<void> {
    const network = await this.info(name, call);
    if (network.active) await this.destroy(name, call);
    if (network.persistent) await this.undefine(name, call);
  }

  /** State and definition in one virsh call. Throws VirshError NOT_FOUND (notFound "network") if absent. */
  async info(name: string, call: VirshCallOptions = {}): Promise<NetworkInfo> {
    const [info, read] = await this.virsh.runReads(
      [
        ["net-info", name],
        ["net-dumpxml", "--inactive", name],
      ],
      call,
    );
    const failure = info.error ?? read.error;
    if (failure) throw failure;
    return combine(info.stdout, read.stdout);
  }

  /** Like `info`, but undefined when the network does not exist. */
  async find(name: string, call: VirshCallOptions = {}): Promise<NetworkInfo | undefined> {
    try {
      return await this.info(name, call);
    } catch (err) {
      if (isNotFound(err, "network")) return undefined;
      throw err;
    }
  }

  /** The network's current DHCP leases (dnsmasq's, through libvirt); `mac` narrows them to one interface. */
  async dhcpLeases(name: string, mac?: string, call: VirshCallOptions = {}): Promise<DhcpLease[]> {
    const args = ["net-dhcp-leases", name, ...(mac !== undefined ? ["--mac", mac] : [])];
    return parseDhcpLeases(await this.virsh.run(args, call));
  }

  /**
   * Adds or deletes one DHCP host (`ip-dhcp-host`, in the first subnet with DHCP of its family) or DNS host
   * (`dns-host`) of the running network only (`--live`); its persistent definition is not touched.
   */
  async updateLive(
    name: string,
    command: "add-last" | "delete",
    section: "ip-dhcp-host" | "dns-host",
    elementXml: string,
    call: VirshCallOptions = {},
  ): Promise<void> {
    await this.virsh.run(["net-update", name, command, section, elementXml.trim(), "--live"], call);
  }

  /** The persistent definition, or with `live` the running network's. */
  async dumpxml(name: string, call: VirshCallOptions = {}, options: { readonly live?: boolean } = {}): Promise<string> {
    return this.virsh.run(options.live ? ["net-dumpxml", name] : ["net-dumpxml", "--inactive", name], call);
  }
}

/** One row of `virsh net-dhcp-leases`. */
export interface DhcpLease {
  readonly mac: string;
  /** "ipv4" or "ipv6". */
  readonly protocol: string;
  /** The leased address, without its prefix length. */
  readonly address: string;
  readonly prefix?: number;
  readonly hostname?: string;
}

/**
 * Parses the table `virsh net-dhcp-leases` prints: "Expiry Time  MAC address  Protocol  IP address  Hostname
 * Client ID or DUID", the expiry being a date and a time, "-" for an unknown hostname.
 */
export function parseDhcpLeases(table: string): DhcpLease[] {
  const leases: DhcpLease[] = [];
  for (const line of table.split("\n")) {
    const match =
      /^\s*\S+\s+\S+\s+([0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){5})\s+(ipv4|ipv6)\s+([0-9a-fA-F.:]+)(?:\/(\d+))?\s*(\S*)/.exec(
        line,
      );
    if (!match) continue;
    leases.push({
      mac: match[1].toLowerCase(),
      protocol: match[2],
      address: match[3],
      prefix: match[4] !== undefined ? Number(match[4]) : undefined,
      hostname: match[5] && match[5] !== "-" ? match[5] : undefined,
    });
  }
  return leases;
}

function combine(infoOutput: string, xml: string): NetworkInfo {
  const fields = parseInfoLines(infoOutput);
  return {
    ...parseNetworkXml(xml),
    active: yesNo(fields, "active") ?? false,
    persistent: yesNo(fields, "persistent") ?? true,
    autostart: yesNo(fields, "autostart") ?? false,
  };
}
