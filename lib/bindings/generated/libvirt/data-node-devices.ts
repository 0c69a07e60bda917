// Generated from the data.libvirt_node_devices schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** The names of the libvirt host's devices (for libvirt_node_device_info). */
export interface DataLibvirtNodeDevicesConfig extends TerraformMetaArguments {
  /** Only devices with this capability (pci, usb_device, net, storage, ...). Unset: all devices. */
  readonly capability?: string;
}

export const DATA_LIBVIRT_NODE_DEVICES_SPEC: AttributeSpec = {
  capability: "value",
};

/** The names of the libvirt host's devices (for libvirt_node_device_info). */
export class DataLibvirtNodeDevices extends SpecDataSource<DataLibvirtNodeDevicesConfig> {
  public static readonly tfResourceType = "libvirt_node_devices";

  public constructor(scope: Construct, id: string, config: DataLibvirtNodeDevicesConfig) {
    super(
      scope,
      id,
      { type: "libvirt_node_devices", providerName: "libvirt", spec: DATA_LIBVIRT_NODE_DEVICES_SPEC },
      config,
    );
  }

  /** Only devices with this capability (pci, usb_device, net, storage, ...). Unset: all devices. */
  public get capability(): string {
    return this.attribute("capability");
  }

  /** Device names, e.g. pci_0000_00_1f_2, net_eth0_… */
  public get devices(): string[] {
    return this.getListAttribute("devices");
  }

  /** The capability, or "all". */
  public get id(): string {
    return this.attribute("id");
  }
}
