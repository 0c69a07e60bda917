// data "libvirt_node_device_info" (0.9.x shape): one host device's parent, sysfs path and capability details
// (virsh nodedev-dumpxml); fields that do not apply to the device's type are null.
import type { DataSource, Schema } from "../../framework";
import { nested, num, str } from "../../framework";
import { LibvirtNode } from "../../../libvirt";
import { clientOf } from "../common";
import type { LibvirtProviderData } from "../provider-data";

const text = (description: string) => str({ computed: true, description });
const number = (description: string) => num({ computed: true, description });

export const nodeDeviceInfoSchema = {
  description: "One device of the libvirt host, by its name from libvirt_node_devices.",
  attributes: {
    name: str({ required: true, description: "Device name, e.g. pci_0000_00_1f_2." }),
    parent: text("Parent device name."),
    path: text("Sysfs path of the device."),
    capability: nested(
      "single",
      {
        type: text("Capability type: pci, usb_device, net, storage, ..."),
        class: text("PCI class code, e.g. 0x030000."),
        domain: number("PCI domain."),
        bus: number("PCI/USB/SCSI bus."),
        slot: number("PCI slot."),
        function: number("PCI function."),
        device_number: number("USB device number."),
        iommu_group: number("IOMMU group (for passthrough)."),
        product_id: text("Product id."),
        product_name: text("Product name."),
        vendor_id: text("Vendor id."),
        vendor_name: text("Vendor name."),
        interface: text("Network interface name, e.g. eth0."),
        address: text("MAC address."),
        link_state: text("Link state, e.g. up."),
        link_speed: text("Link speed."),
        host: number("SCSI host number."),
        target: number("SCSI target."),
        lun: number("SCSI LUN."),
        scsi_type: text("SCSI device type."),
        block: text("Block device path, e.g. /dev/sda."),
        drive_type: text("Drive type, e.g. disk."),
        model: text("Model."),
        serial: text("Serial number."),
        size: number("Size in bytes."),
        logical_block_size: number("Logical block size in bytes."),
        num_blocks: number("Number of blocks."),
      },
      { computed: true, description: "Details of the device's capability; what does not apply is null." },
    ),
    id: text("The device name."),
  },
} satisfies Schema;

export const nodeDeviceInfoDataSource: DataSource<LibvirtProviderData, typeof nodeDeviceInfoSchema> = {
  typeName: "libvirt_node_device_info",
  schema: nodeDeviceInfoSchema,
  async read(config, ctx) {
    const { client, call } = clientOf(ctx);
    const device = await new LibvirtNode(client.virsh).device(config.name, call);
    const c = device.capability;
    const s = (key: string) => (typeof c[key] === "string" ? (c[key] as string) : null);
    const n = (key: string) => (typeof c[key] === "number" ? (c[key] as number) : null);
    return {
      name: device.name,
      parent: device.parent ?? null,
      path: device.path ?? null,
      capability: {
        type: s("type"),
        class: s("class"),
        domain: n("domain"),
        bus: n("bus"),
        slot: n("slot"),
        function: n("function"),
        device_number: n("device_number"),
        iommu_group: n("iommu_group"),
        product_id: s("product_id"),
        product_name: s("product_name"),
        vendor_id: s("vendor_id"),
        vendor_name: s("vendor_name"),
        interface: s("interface"),
        address: s("address"),
        link_state: s("link_state"),
        link_speed: s("link_speed"),
        host: n("host"),
        target: n("target"),
        lun: n("lun"),
        scsi_type: s("scsi_type"),
        block: s("block"),
        drive_type: s("drive_type"),
        model: s("model"),
        serial: s("serial"),
        size: n("size"),
        logical_block_size: n("logical_block_size"),
        num_blocks: n("num_blocks"),
      },
      id: device.name,
    };
  },
};
