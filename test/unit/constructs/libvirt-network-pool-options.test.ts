// Network `libvirt: { mode, bridge, forwardDevice, dhcp ranges, dnsHosts }` and StoragePool `libvirt: { type, … }`:
// the libvirt_network / libvirt_pool JSON each option synthesizes to, and the synth errors naming the prop.
import { LibvirtHost, Network, StoragePool } from "../../../lib";
import type { LibvirtNetworkOptions, LibvirtStoragePoolOptions } from "../../../lib";
import { errorOf, newStack, resource, synth } from "./support";

function lab() {
  const stack = newStack();
  const kvm = new LibvirtHost(stack, "kvm");
  return { stack, kvm };
}

describe("Network libvirt.mode", () => {
  test("nat with a subnet, two DHCP ranges and DNS hosts; isolated (the default) has no forward", () => {
    const { stack, kvm } = lab();
    new Network(stack, "nat", {
      host: kvm,
      libvirt: {
        mode: "nat",
        forwardDevice: "eth0",
        ipv4: "10.213.7.1/24",
        dhcp: [
          { start: "10.213.7.10", end: "10.213.7.19" },
          { start: "10.213.7.100", end: "10.213.7.199" },
        ],
        dnsHosts: [{ ip: "10.213.7.5", hostnames: ["db", "db.lab.internal"] }],
      },
    });
    new Network(stack, "iso", { host: kvm, libvirt: { mode: "isolated", ipv4: "10.213.8.1/24" } });
    const json = synth(stack);
    const nat = resource(json, "libvirt_network", "nat");
    expect(nat.forward).toEqual({ mode: "nat", dev: "eth0" });
    expect(nat.bridge).toBeUndefined();
    expect(nat.ips).toEqual([
      {
        address: "10.213.7.1",
        prefix: 24,
        dhcp: {
          ranges: [
            { start: "10.213.7.10", end: "10.213.7.19" },
            { start: "10.213.7.100", end: "10.213.7.199" },
          ],
        },
      },
    ]);
    expect(nat.dns).toEqual({
      host: [{ ip: "10.213.7.5", hostnames: [{ hostname: "db" }, { hostname: "db.lab.internal" }] }],
    });
    const iso = resource(json, "libvirt_network", "iso");
    expect(iso.forward).toBeUndefined();
    expect(iso.dns).toBeUndefined();
  });

  test.each(["route", "open"] as const)("%s: forward mode only", (mode) => {
    const { stack, kvm } = lab();
    new Network(stack, "net", { host: kvm, libvirt: { mode, ipv4: "10.213.9.1/24" } });
    expect(resource(synth(stack), "libvirt_network", "net").forward).toEqual({ mode });
  });

  test("bridge: the guests on an existing host bridge, no addresses", () => {
    const { stack, kvm } = lab();
    new Network(stack, "lan", { host: kvm, libvirt: { mode: "bridge", bridge: "br0" } });
    const lan = resource(synth(stack), "libvirt_network", "lan");
    expect(lan.forward).toEqual({ mode: "bridge" });
    expect(lan.bridge).toEqual({ name: "br0" });
    expect(lan.ips).toBeUndefined();
  });

  test.each<[LibvirtNetworkOptions, RegExp]>([
    [
      { mode: "masquerade" as never },
      /prop "libvirt\.mode": "masquerade" is not one of isolated, nat, route, open, bridge/,
    ],
    [{ mode: "bridge" }, /prop "libvirt\.bridge": mode "bridge" needs the existing host bridge/],
    [
      { mode: "bridge", bridge: "br0", ipv4: "10.0.0.1/24" },
      /prop "libvirt\.ipv4": a network in mode "bridge" has no ipv4/,
    ],
    [{ mode: "nat", bridge: "br0" }, /prop "libvirt\.bridge": is for mode "bridge" only/],
    [{ mode: "open", forwardDevice: "eth0" }, /prop "libvirt\.forwardDevice": is for modes "nat" and "route" only/],
    [{ mode: "nat", forwardDevice: "eth 0" }, /prop "libvirt\.forwardDevice": "eth 0" is not a host interface name/],
    [{ ipv4: "10.213.7.1/24", dhcp: [] }, /prop "libvirt\.dhcp": needs at least one range/],
    [
      { ipv4: "10.213.7.1/24", dhcp: [{ start: "10.213.7.10", end: "10.213.8.1" }] },
      /prop "libvirt\.dhcp\[0\]": 10\.213\.7\.10-10\.213\.8\.1 is not a range of host addresses inside/,
    ],
    [
      {
        ipv4: "10.213.7.1/24",
        dhcp: [
          { start: "10.213.7.10", end: "10.213.7.50" },
          { start: "10.213.7.40", end: "10.213.7.60" },
        ],
      },
      /prop "libvirt\.dhcp\[1\]": overlaps the range libvirt\.dhcp\[0\]/,
    ],
    [{ dnsHosts: [{ ip: "10.0.0.5", hostnames: ["db"] }] }, /prop "libvirt\.dnsHosts": needs libvirt\.ipv4/],
    [{ ipv4: "10.213.7.1/24", dnsHosts: [{ ip: "db", hostnames: ["db"] }] }, /libvirt\.dnsHosts\[0\]\.ip.*not an IPv4/],
    [
      { ipv4: "10.213.7.1/24", dnsHosts: [{ ip: "10.0.0.5", hostnames: [] }] },
      /libvirt\.dnsHosts\[0\]\.hostnames.*at least one/,
    ],
    [
      { ipv4: "10.213.7.1/24", dnsHosts: [{ ip: "10.0.0.5", hostnames: ["no_underscores"] }] },
      /libvirt\.dnsHosts\[0\]\.hostnames.*"no_underscores" is not a DNS name/,
    ],
  ])("%j is a synth error naming the prop", (libvirt, message) => {
    const { stack, kvm } = lab();
    const error = errorOf(() => new Network(stack, "net", { host: kvm, libvirt }));
    expect(error).toMatch(message);
    expect(error).toMatch(/Network "homelab\/net"/);
  });
});

describe("StoragePool libvirt.type", () => {
  test("dir (the default), logical on new devices, logical on an existing volume group, netfs", () => {
    const { stack, kvm } = lab();
    new StoragePool(stack, "dir", { host: kvm, path: "/var/lib/libvirt/images" });
    new StoragePool(stack, "lvm", {
      host: kvm,
      libvirt: { type: "logical", volumeGroup: "vmvg", devices: ["/dev/sdb", "/dev/sdc"] },
    });
    new StoragePool(stack, "vg", { host: kvm, driver: "logical", libvirt: { volumeGroup: "existing" } });
    new StoragePool(stack, "nfs", {
      host: kvm,
      path: "/var/lib/libvirt/nfs",
      libvirt: { type: "netfs", server: "nas.lan", exportPath: "/export/vms" },
    });
    const json = synth(stack);
    const dir = resource(json, "libvirt_pool", "dir");
    expect(dir).toMatchObject({ type: "dir", target: { path: "/var/lib/libvirt/images" } });
    expect(dir.source).toBeUndefined();
    const lvm = resource(json, "libvirt_pool", "lvm");
    expect(lvm.type).toBe("logical");
    expect(lvm.target).toBeUndefined();
    expect(lvm.source).toEqual({
      name: "vmvg",
      device: [{ path: "/dev/sdb" }, { path: "/dev/sdc" }],
      format: { type: "lvm2" },
    });
    expect(resource(json, "libvirt_pool", "vg").source).toEqual({ name: "existing", format: { type: "lvm2" } });
    expect(resource(json, "libvirt_pool", "nfs")).toMatchObject({
      type: "netfs",
      target: { path: "/var/lib/libvirt/nfs" },
      source: { host: [{ name: "nas.lan" }], dir: { path: "/export/vms" }, format: { type: "nfs" } },
    });
  });

  test.each<[{ path?: string; driver?: string; libvirt: LibvirtStoragePoolOptions }, RegExp]>([
    [
      { driver: "dir", path: "/x", libvirt: { type: "netfs" } },
      /prop "libvirt\.type": is "netfs" but the driver prop is "dir"/,
    ],
    [
      { path: "/x", libvirt: { type: "zfs" as never } },
      /prop "driver": libvirt pools are dir, logical, netfs, not "zfs"/,
    ],
    [
      { path: "/x", libvirt: { volumeGroup: "vg" } },
      /prop "libvirt\.volumeGroup": is for logical pools only \(this pool is dir\)/,
    ],
    [{ libvirt: { type: "logical", server: "nas" } }, /prop "libvirt\.server": is for netfs pools only/],
    [{ libvirt: { type: "logical", devices: [] } }, /prop "libvirt\.devices": must be a non-empty list/],
    [{ libvirt: { type: "logical", devices: ["sdb"] } }, /prop "libvirt\.devices": "sdb" is not a block device path/],
    [
      { libvirt: { type: "logical", volumeGroup: "my vg" } },
      /prop "libvirt\.volumeGroup": "my vg" is not a volume group name/,
    ],
    [
      { libvirt: { type: "netfs", server: "nas", exportPath: "/e" } },
      /prop "path": a libvirt netfs pool needs its mount point/,
    ],
    [
      { path: "/m", libvirt: { type: "netfs", exportPath: "/e" } },
      /prop "libvirt\.server": a netfs pool needs its file server/,
    ],
    [
      { path: "/m", libvirt: { type: "netfs", server: "nas" } },
      /prop "libvirt\.exportPath": a netfs pool needs the exported directory/,
    ],
    [
      { path: "/m", libvirt: { type: "netfs", server: "nas", exportPath: "e" } },
      /prop "libvirt\.exportPath": "e" is not an absolute path/,
    ],
    [
      { path: "/m", libvirt: { type: "netfs", server: "nas", exportPath: "/e", format: "smb" as never } },
      /prop "libvirt\.format": "smb" is not one of/,
    ],
  ])("%j is a synth error naming the prop", (props, message) => {
    const { stack, kvm } = lab();
    const error = errorOf(() => new StoragePool(stack, "pool", { host: kvm, ...props }));
    expect(error).toMatch(message);
    expect(error).toMatch(/StoragePool "homelab\/pool"/);
  });
});
