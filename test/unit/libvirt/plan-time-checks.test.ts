// Bad input to the libvirt resources is an error at plan time, on the attribute, not a failure (or a misleading
// message) halfway through an apply: sizes that are negative, fractional or beyond 2^53 bytes, vcpu 0, malformed or
// multicast MACs, names libvirt refuses.
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { CtyDecimal } from "../../../lib/provider/cty";
import { cloudinitDiskResource } from "../../../lib/provider/libvirt/cloudinit/resource";
import { domainResource, networkResource, poolResource, volumeResource } from "../../../lib/provider/libvirt";
import { validateConfig } from "./support/validate-config";

const volume = (v: CtyObjectValue): CtyObjectValue => ({
  name: "v",
  pool: "p",
  capacity: 1024,
  capacity_unit: null,
  backing_store: null,
  create: null,
  target: null,
  ...v,
});
const domain = (v: CtyObjectValue): CtyObjectValue => ({
  name: "vm",
  memory: null,
  memory_unit: null,
  vcpu: null,
  devices: null,
  metadata: null,
  os: null,
  ...v,
});
const nic = (mac: string): CtyObjectValue => ({
  devices: {
    disks: null,
    consoles: null,
    interfaces: [
      { type: null, model: null, source: { network: { network: "n" } }, mac: { address: mac }, wait_for_ip: null },
    ],
  },
});

test.each([
  ["libvirt_volume capacity -1", volumeResource, volume({ capacity: -1 }), ["capacity"], /capacity must be at least 1/],
  [
    "libvirt_volume capacity 1.5",
    volumeResource,
    volume({ capacity: 1.5 }),
    ["capacity"],
    /capacity must be a whole number/,
  ],
  [
    "libvirt_volume capacity 0.1 (decimal)",
    volumeResource,
    volume({ capacity: new CtyDecimal("0.1") }),
    ["capacity"],
    /whole number/,
  ],
  ["libvirt_volume capacity huge", volumeResource, volume({ capacity: 2n ** 70n }), ["capacity"], /at most/],
  [
    "libvirt_volume capacity beyond 2^53 bytes",
    volumeResource,
    volume({ capacity: 2 ** 40, capacity_unit: "TiB" }),
    ["capacity"],
    /below 2\^53/,
  ],
  ["libvirt_volume name with /", volumeResource, volume({ name: "a/b" }), ["name"], /must not contain '\/'/],
  ["libvirt_volume name -x", volumeResource, volume({ name: "-x" }), ["name"], /must not start with '-'/],
  ["libvirt_domain vcpu 0", domainResource, domain({ vcpu: 0 }), ["vcpu"], /vcpu must be at least 1/],
  ["libvirt_domain vcpu 2.5", domainResource, domain({ vcpu: 2.5 }), ["vcpu"], /whole number/],
  ["libvirt_domain memory -5", domainResource, domain({ memory: -5 }), ["memory"], /at least 1/],
  [
    "libvirt_domain memory huge",
    domainResource,
    domain({ memory: 2 ** 52, memory_unit: "GiB" }),
    ["memory"],
    /below 2\^53/,
  ],
  [
    "libvirt_domain memory not whole KiB",
    domainResource,
    domain({ memory: 1000, memory_unit: "bytes" }),
    ["memory"],
    /whole number of KiB/,
  ],
  [
    "libvirt_domain MAC malformed",
    domainResource,
    domain(nic("52:54:00:zz:00:01")),
    ["devices", "interfaces", 0, "mac", "address"],
    /not a MAC address/,
  ],
  [
    "libvirt_domain MAC multicast",
    domainResource,
    domain(nic("01:00:5e:00:00:01")),
    ["devices", "interfaces", 0, "mac", "address"],
    /multicast/,
  ],
  ["libvirt_domain name with newline", domainResource, domain({ name: "a\nb" }), ["name"], /control characters/],
  [
    "libvirt_pool name ..",
    poolResource,
    { name: "..", type: "dir", target: { path: "/x" } },
    ["name"],
    /'\.' and '\.\.' are not names/,
  ],
  [
    "libvirt_network prefix 24.5",
    networkResource,
    {
      name: "n",
      forward: null,
      metadata: null,
      ips: [{ address: "10.0.0.1", prefix: new CtyDecimal("24.5"), dhcp: null }],
    },
    ["ips", 0, "prefix"],
    /whole number/,
  ],
  [
    "libvirt_network name /",
    networkResource,
    { name: "a/b", forward: null, metadata: null, ips: null },
    ["name"],
    /'\/'/,
  ],
  [
    "libvirt_cloudinit_disk name",
    cloudinitDiskResource,
    { name: " seed", pool: "p", user_data: null, meta_data: null, network_config: null },
    ["name"],
    /whitespace/,
  ],
  [
    "libvirt_cloudinit_disk pool",
    cloudinitDiskResource,
    { name: "seed", pool: "a/b", user_data: null, meta_data: null, network_config: null },
    ["pool"],
    /'\/'/,
  ],
])("%s: an error naming the attribute", (_what, resource, config, path, detail) => {
  const diags = validateConfig(resource, config);
  expect(diags.errors.map((e) => e.path)).toEqual([path]);
  expect(diags.errors[0].detail).toMatch(detail);
});

test("valid sizes, counts and MACs pass", () => {
  expect(validateConfig(volumeResource, volume({ capacity: 10, capacity_unit: "GiB" })).all).toEqual([]);
  expect(
    validateConfig(domainResource, domain({ memory: 512, memory_unit: "MiB", vcpu: 2, ...nic("52:54:00:12:34:56") }))
      .all,
  ).toEqual([]);
});

test("a fractional capacity is no longer reported as a missing one", () => {
  const diags = validateConfig(volumeResource, volume({ capacity: 1.5 }));
  expect(diags.all.map((d) => d.detail).join("\n")).not.toMatch(/required|Missing capacity/);
});

test("libvirt_cloudinit_disk user_data, meta_data and network_config are sensitive", () => {
  const attrs = cloudinitDiskResource.schema.attributes as Record<string, { sensitive?: boolean }>;
  expect([attrs.user_data.sensitive, attrs.meta_data.sensitive, attrs.network_config.sensitive]).toEqual([
    true,
    true,
    true,
  ]);
});
