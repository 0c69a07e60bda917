// data "libvirt_domain_interface_addresses" (0.9.x shape): the IP addresses of a running domain's interfaces, from
// the network's DHCP leases ("lease"), the QEMU guest agent ("agent"), or the agent falling back to the leases
// ("any", the default). A domain that is not running has no addresses: the result is an empty list.
import type { DataSource, Schema } from "../../framework";
import { nested, num, oneOf, str } from "../../framework";
import type { InterfaceAddresses } from "../../../libvirt";
import { isNotFound, LibvirtNode, VirshError } from "../../../libvirt";
import { clientOf } from "../common";
import type { LibvirtProviderData } from "../provider-data";

export const domainInterfaceAddressesSchema = {
  description: "IP addresses of a running libvirt domain's interfaces.",
  attributes: {
    domain: str({ required: true, description: "The domain's UUID or name (libvirt_domain.x.id or .name)." }),
    source: str({
      optional: true,
      description: '"lease" (DHCP leases), "agent" (QEMU guest agent) or "any" (agent, else leases; the default).',
      validators: [oneOf(["lease", "agent", "any"])],
    }),
    interfaces: nested(
      "list",
      {
        name: str({ computed: true, description: "Interface name on the host, e.g. vnet0." }),
        hwaddr: str({ computed: true, description: "MAC address." }),
        addrs: nested(
          "list",
          {
            type: str({ computed: true, description: "ipv4 or ipv6." }),
            addr: str({ computed: true, description: "The address." }),
            prefix: num({ computed: true, description: "Prefix length." }),
          },
          { computed: true, description: "Its addresses." },
        ),
      },
      { computed: true, description: "The interfaces with addresses." },
    ),
    id: str({ computed: true, description: "The domain's UUID." }),
  },
} satisfies Schema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guest agent is absent or not answering: "any" then falls back to the leases. */
function agentUnavailable(err: unknown): boolean {
  return err instanceof VirshError && /agent/i.test(err.message);
}

export const domainInterfaceAddressesDataSource: DataSource<
  LibvirtProviderData,
  typeof domainInterfaceAddressesSchema
> = {
  typeName: "libvirt_domain_interface_addresses",
  schema: domainInterfaceAddressesSchema,
  async read(config, ctx) {
    const { client, call } = clientOf(ctx);
    const node = new LibvirtNode(client.virsh);
    const source = config.source ?? "any";
    let uuid: string;
    try {
      // virsh domuuid takes a name (or id); a UUID is checked with domname instead.
      if (UUID.test(config.domain)) {
        await client.virsh.run(["domname", config.domain], call);
        uuid = config.domain.toLowerCase();
      } else uuid = (await client.virsh.run(["domuuid", config.domain], call)).trim();
    } catch (err) {
      if (isNotFound(err, "domain")) throw new Error(`domain: there is no libvirt domain "${config.domain}".`);
      throw err;
    }
    const state = (await client.virsh.run(["domstate", uuid], call)).trim();
    let interfaces: InterfaceAddresses[] = [];
    if (state === "running") {
      if (source === "lease") interfaces = await node.interfaceAddresses(uuid, "lease", call);
      else {
        try {
          interfaces = await node.interfaceAddresses(uuid, "agent", call);
        } catch (err) {
          if (source === "agent" || !agentUnavailable(err)) throw err;
          interfaces = await node.interfaceAddresses(uuid, "lease", call);
        }
      }
    }
    return {
      domain: config.domain,
      source: config.source ?? null,
      interfaces: interfaces.map((i) => ({ name: i.name, hwaddr: i.hwaddr, addrs: i.addrs.map((a) => ({ ...a })) })),
      id: uuid,
    };
  },
};
