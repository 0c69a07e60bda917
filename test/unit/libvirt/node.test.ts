// What the libvirt data sources read: `virsh nodeinfo`, node device XML of several types, and `virsh domifaddr`.
import { parseDomIfAddr, parseNodeDeviceXml, parseNodeInfo } from "../../../lib/libvirt/node";

test("nodeinfo: the numbers and the CPU model", () => {
  const out = [
    "CPU model:           x86_64",
    "CPU(s):              8",
    "CPU frequency:       2096 MHz",
    "CPU socket(s):       1",
    "Core(s) per socket:  4",
    "Thread(s) per core:  2",
    "NUMA cell(s):        1",
    "Memory size:         24683756 KiB",
  ].join("\n");
  expect(parseNodeInfo(out)).toEqual({
    cpuModel: "x86_64",
    cpus: 8,
    sockets: 1,
    coresPerSocket: 4,
    threadsPerCore: 2,
    numaNodes: 1,
    memoryKiB: 24683756,
  });
  expect(() => parseNodeInfo("CPU model: x86_64")).toThrow(/cpu\(s\)/);
});

test("node device XML: a PCI device with its ids and IOMMU group, a disk, a network interface", () => {
  const pci = parseNodeDeviceXml(`<device><name>pci_0000_00_02_0</name><path>/sys/devices/pci0000:00/0000:00:02.0</path>
    <parent>computer</parent><capability type='pci'><class>0x030000</class><domain>0</domain><bus>0</bus><slot>2</slot>
    <function>0</function><product id='0x3e9b'>UHD Graphics 630</product><vendor id='0x8086'>Intel Corporation</vendor>
    <iommuGroup number='1'><address domain='0x0000' bus='0x00' slot='0x02' function='0x0'/></iommuGroup></capability></device>`);
  expect(pci).toMatchObject({
    name: "pci_0000_00_02_0",
    parent: "computer",
    capability: {
      type: "pci",
      class: "0x030000",
      domain: 0,
      bus: 0,
      slot: 2,
      function: 0,
      iommu_group: 1,
      product_id: "0x3e9b",
      product_name: "UHD Graphics 630",
      vendor_id: "0x8086",
      vendor_name: "Intel Corporation",
    },
  });
  const disk = parseNodeDeviceXml(`<device><name>block_vda</name><parent>pci_0000_00_04_0</parent>
    <capability type='storage'><block>/dev/vda</block><bus>virtio</bus><drive_type>disk</drive_type><model>m</model>
    <vendor>0x1af4</vendor><size>53687091200</size><logical_block_size>512</logical_block_size><num_blocks>104857600</num_blocks></capability></device>`);
  expect(disk.capability).toMatchObject({
    type: "storage",
    block: "/dev/vda",
    bus: undefined,
    drive_type: "disk",
    vendor_name: "0x1af4",
    size: 53687091200,
    logical_block_size: 512,
    num_blocks: 104857600,
  });
  const nic = parseNodeDeviceXml(`<device><name>net_eth0_02_fc_00_00_00_01</name><parent>computer</parent>
    <capability type='net'><interface>eth0</interface><address>02:fc:00:00:00:01</address><link speed='1000' state='up'/>
    <capability type='80203'/></capability></device>`);
  expect(nic.capability).toMatchObject({
    interface: "eth0",
    address: "02:fc:00:00:00:01",
    link_state: "up",
    link_speed: "1000",
  });
});

test("domifaddr: several interfaces, an interface's second address on a row of dashes", () => {
  const table = [
    " Name       MAC address          Protocol     Address",
    "-------------------------------------------------------------------------------",
    " vnet0      52:54:00:AA:bb:01    ipv4         10.245.3.12/24",
    " -          -                    ipv6         fd00::12/64",
    " vnet1      52:54:00:aa:bb:02    ipv4         10.246.3.13/24",
    "",
  ].join("\n");
  expect(parseDomIfAddr(table)).toEqual([
    {
      name: "vnet0",
      hwaddr: "52:54:00:aa:bb:01",
      addrs: [
        { type: "ipv4", addr: "10.245.3.12", prefix: 24 },
        { type: "ipv6", addr: "fd00::12", prefix: 64 },
      ],
    },
    { name: "vnet1", hwaddr: "52:54:00:aa:bb:02", addrs: [{ type: "ipv4", addr: "10.246.3.13", prefix: 24 }] },
  ]);
  expect(parseDomIfAddr("")).toEqual([]);
});
