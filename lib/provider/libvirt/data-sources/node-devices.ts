// data "libvirt_node_devices" (0.9.x shape): the names of the host's devices, optionally of one capability.
import type { DataSource, Schema } from "../../framework";
import { oneOf, setOf, str } from "../../framework";
import { LibvirtNode } from "../../../libvirt";
import { clientOf } from "../common";
import type { LibvirtProviderData } from "../provider-data";

/** The capabilities `virsh nodedev-list --cap` takes. */
export const NODE_DEVICE_CAPABILITIES = [
  "system",
  "pci",
  "usb_device",
  "usb",
  "net",
  "scsi_host",
  "scsi_target",
  "scsi",
  "storage",
  "drm",
  "mdev",
  "ccw",
  "css",
  "vdpa",
  "ap_queue",
  "ap_card",
  "ap_matrix",
  "ccw_group",
] as const;

export const nodeDevicesSchema = {
  description: "The names of the libvirt host's devices (for libvirt_node_device_info).",
  attributes: {
    capability: str({
      optional: true,
      description: "Only devices with this capability (pci, usb_device, net, storage, ...). Unset: all devices.",
      validators: [oneOf([...NODE_DEVICE_CAPABILITIES])],
    }),
    devices: setOf("string", { computed: true, description: "Device names, e.g. pci_0000_00_1f_2, net_eth0_…" }),
    id: str({ computed: true, description: 'The capability, or "all".' }),
  },
} satisfies Schema;

export const nodeDevicesDataSource: DataSource<LibvirtProviderData, typeof nodeDevicesSchema> = {
  typeName: "libvirt_node_devices",
  schema: nodeDevicesSchema,
  async read(config, ctx) {
    const { client, call } = clientOf(ctx);
    const capability = config.capability ?? undefined;
    const devices = await new LibvirtNode(client.virsh).devices(capability, call);
    return { capability: config.capability ?? null, devices, id: capability ?? "all" };
  },
};
