// The libvirt provider's data sources (0.9.x shapes).
export { domainInterfaceAddressesDataSource } from "./domain-interface-addresses";
export { nodeDeviceInfoDataSource } from "./node-device-info";
export { nodeDevicesDataSource } from "./node-devices";
export { nodeInfoDataSource } from "./node-info";
