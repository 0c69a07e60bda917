// Generated from the data.libvirt_node_device_info schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** One device of the libvirt host, by its name from libvirt_node_devices. */
export interface DataLibvirtNodeDeviceInfoConfig extends TerraformMetaArguments {
  /** Device name, e.g. pci_0000_00_1f_2. */
  readonly name: string;
}

export const DATA_LIBVIRT_NODE_DEVICE_INFO_SPEC: AttributeSpec = {
  name: "value",
};

/** One device of the libvirt host, by its name from libvirt_node_devices. */
export class DataLibvirtNodeDeviceInfo extends SpecDataSource<DataLibvirtNodeDeviceInfoConfig> {
  public static readonly tfResourceType = "libvirt_node_device_info";

  public constructor(scope: Construct, id: string, config: DataLibvirtNodeDeviceInfoConfig) {
    super(
      scope,
      id,
      { type: "libvirt_node_device_info", providerName: "libvirt", spec: DATA_LIBVIRT_NODE_DEVICE_INFO_SPEC },
      config,
    );
  }

  /** Device name, e.g. pci_0000_00_1f_2. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Parent device name. */
  public get parent(): string {
    return this.attribute("parent");
  }

  /** Sysfs path of the device. */
  public get path(): string {
    return this.attribute("path");
  }

  /** Details of the device's capability; what does not apply is null. */
  public get capability(): IResolvable {
    return this.structuredAttribute("capability");
  }

  /** The device name. */
  public get id(): string {
    return this.attribute("id");
  }
}
