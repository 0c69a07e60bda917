import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildNetworkXml, parseNetworkXml } from "../../../lib/libvirt/network-xml";
import { buildPoolXml, parsePoolXml } from "../../../lib/libvirt/pool-xml";
import { buildVolumeXml, parseVolumeXml } from "../../../lib/libvirt/volume-xml";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");

describe("pool XML", () => {
  test("builds a dir pool that parses back to the same spec", () => {
    const xml = buildPoolXml({ name: "images", type: "dir", targetPath: "/var/lib/x & y" });
    expect(xml).toContain('<pool type="dir">');
    expect(xml).toContain("<path>/var/lib/x &amp; y</path>");
    expect(parsePoolXml(xml)).toMatchObject({ name: "images", type: "dir", targetPath: "/var/lib/x & y" });
  });

  test("parses sizes of a pool as libvirt reports it", () => {
    const pool = parsePoolXml(fixture("pool-dir.xml"));
    expect(pool).toMatchObject({
      name: "cdktf-virt-test",
      type: "dir",
      targetPath: "/var/lib/cdktf-virt/libvirt-pool",
    });
    expect(pool.capacity).toBeGreaterThan(0);
    expect(pool.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("rejects relative paths, other types and bad names", () => {
    expect(() => buildPoolXml({ name: "p", type: "dir", targetPath: "rel" })).toThrow(/absolute path/);
    expect(() => buildPoolXml({ name: "p", type: "iscsi" as "dir", targetPath: "/x" })).toThrow(/not supported/);
    expect(() => buildPoolXml({ name: "a/b", type: "dir", targetPath: "/x" })).toThrow(
      /invalid pool name "a\/b".*'\/'/,
    );
  });
});

describe("volume XML", () => {
  test("a raw volume round-trips with its capacity in bytes", () => {
    const xml = buildVolumeXml({ name: "data", capacity: 5 * 1024 ** 3 });
    expect(xml).toContain('<capacity unit="bytes">5368709120</capacity>');
    expect(parseVolumeXml(xml)).toMatchObject({ name: "data", capacity: 5368709120, format: "raw", allocation: 0 });
  });

  test("an overlay defaults to qcow2 and names its backing store", () => {
    const xml = buildVolumeXml({ name: "root", capacity: 2 ** 31, backingStore: { path: "/pool/base" } });
    const parsed = parseVolumeXml(xml);
    expect(parsed.format).toBe("qcow2");
    expect(parsed.backingStore).toEqual({ path: "/pool/base", format: "qcow2" });
  });

  test("a raw base can back a qcow2 overlay", () => {
    const xml = buildVolumeXml({
      name: "o",
      capacity: 1,
      format: "qcow2",
      backingStore: { path: "/b", format: "raw" },
    });
    expect(parseVolumeXml(xml).backingStore).toEqual({ path: "/b", format: "raw" });
  });

  test("parses an overlay as libvirt reports it", () => {
    const vol = parseVolumeXml(fixture("volume-overlay.xml"));
    expect(vol).toMatchObject({
      name: "probe-ov",
      type: "file",
      key: "/var/lib/cdktf-virt/libvirt-pool/probe-ov",
      path: "/var/lib/cdktf-virt/libvirt-pool/probe-ov",
      capacity: 1073741824,
      allocation: 200704,
      physical: 196624,
      format: "qcow2",
      backingStore: { path: "/var/lib/cdktf-virt/libvirt-pool/probe-base", format: "qcow2" },
    });
  });

  test("converts libvirt units to bytes", () => {
    const vol = parseVolumeXml(
      "<volume><name>v</name><capacity unit='G'>2</capacity><allocation unit='KiB'>4</allocation></volume>",
    );
    expect(vol.capacity).toBe(2 * 1024 ** 3);
    expect(vol.allocation).toBe(4096);
  });

  test("refuses what libvirt would refuse later, with the volume's name", () => {
    expect(() => buildVolumeXml({ name: "v", capacity: 1.5 })).toThrow(/volume v capacity.*whole number of bytes/);
    expect(() => buildVolumeXml({ name: "v", capacity: -1 })).toThrow(/whole number/);
    expect(() => buildVolumeXml({ name: "v", capacity: 1, format: "raw", backingStore: { path: "/b" } })).toThrow(
      /only a qcow2 volume can have a backing store/,
    );
    expect(() => buildVolumeXml({ name: "v", capacity: 1, backingStore: { path: "b" } })).toThrow(/must be absolute/);
    expect(() => buildVolumeXml({ name: "v", capacity: 1, format: "vmdk" as "raw" })).toThrow(
      /'vmdk' is not supported/,
    );
  });

  test("parse errors say what was expected", () => {
    expect(() => parseVolumeXml("<pool><name>x</name></pool>")).toThrow(/expected a <volume> document/);
    expect(() => parseVolumeXml("<volume><name>x</name></volume>")).toThrow(/<capacity> is missing/);
    expect(() => parseVolumeXml("<volume><name>x</name><capacity unit='parsec'>1</capacity></volume>")).toThrow(
      /unknown unit 'parsec'/,
    );
  });
});

describe("network XML", () => {
  test("an isolated network has neither <forward> nor <ip> and carries the owner marker", () => {
    const xml = buildNetworkXml({ name: "lab", bridge: "cvbr0", ownerMarker: "stack/net" });
    expect(xml).not.toMatch(/<forward|<ip/);
    expect(parseNetworkXml(xml)).toEqual({
      name: "lab",
      uuid: undefined,
      bridge: "cvbr0",
      forwardMode: undefined,
      hasIpConfig: false,
      ips: [],
      isolated: true,
      metadataXml: `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">stack/net</cdktf-virt:owner>`,
      ownerMarker: "stack/net",
    });
  });

  test("recognises a NAT network with addresses as not isolated", () => {
    const parsed = parseNetworkXml(
      "<network><name>default</name><forward/><bridge name='virbr0'/><ip address='192.168.122.1' netmask='255.255.255.0'/></network>",
    );
    expect(parsed).toMatchObject({ forwardMode: "nat", hasIpConfig: true, isolated: false, ownerMarker: undefined });
  });

  test("raw metadata is written verbatim, the marker is added beside it but not twice, and malformed metadata is refused", () => {
    const owner = `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">s/net</cdktf-virt:owner>`;
    const app = `<app:cfg xmlns:app="urn:app">a</app:cfg>`;
    const beside = parseNetworkXml(buildNetworkXml({ name: "n", metadataXml: ` ${app} `, ownerMarker: "s/net" }));
    expect(beside).toMatchObject({ metadataXml: `${app}\n${owner}`, ownerMarker: "s/net" });
    const once = buildNetworkXml({ name: "n", metadataXml: `${app}${owner}`, ownerMarker: "s/other" });
    expect(once.match(/cdktf-virt:owner /g)).toHaveLength(1);
    expect(parseNetworkXml(once).ownerMarker).toBe("s/net");
    expect(buildNetworkXml({ name: "n", metadataXml: "  " })).not.toContain("<metadata");
    expect(() => buildNetworkXml({ name: "n", metadataXml: "<open>" })).toThrow(
      /^network n: metadata XML cannot be stored: it is not well-formed XML/,
    );
  });

  test("rejects bridge names the kernel would reject", () => {
    expect(() => buildNetworkXml({ name: "n", bridge: "a-very-long-bridge-name" })).toThrow(
      /not a valid interface name/,
    );
  });
});
