// The official 0.9 attributes the dmacvicar/libvirt acceptance tests use and libvirt_domain now models: hypervisor
// features (apic eoi, hap, pmu), clock timers, the emulator, input devices, the primary video card and the official
// spelling of a file console. XML built, read back, patched in place, and turned into state that matches the
// configuration.
import { buildDomainXml, parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainInfo, DomainSpec } from "../../../lib/libvirt";
import { domainSchema, domainState } from "../../../lib/provider/libvirt";
import { valuesOf } from "./support/models";

const spec: DomainSpec = {
  name: "vm",
  type: "qemu",
  memoryKiB: 524288,
  vcpus: 1,
  features: { acpi: true, apic: true, apicEoi: "on", pae: true, hap: "on", pmu: "off" },
  clockOffset: "utc",
  clockTimers: [
    { name: "rtc", tickPolicy: "catchup", catchup: { threshold: 123, slew: 120, limit: 10000 } },
    { name: "pit", tickPolicy: "delay" },
    { name: "hpet", present: "no" },
  ],
  emulator: "/usr/bin/qemu-system-x86_64",
  inputs: [
    { type: "tablet", bus: "usb" },
    { type: "keyboard", bus: "virtio" },
  ],
  videos: [{ model: "vga", primary: "yes", heads: 1, vram: 16384 }],
  consoles: [{ type: "file", path: "/var/log/vm.log", targetType: "serial" }],
};

test("the XML carries each attribute and reads back the same", () => {
  const xml = buildDomainXml(spec);
  for (const element of [
    '<apic eoi="on"/>',
    '<hap state="on"/>',
    '<pmu state="off"/>',
    '<timer name="rtc" tickpolicy="catchup">',
    '<catchup threshold="123" slew="120" limit="10000"/>',
    '<timer name="hpet" present="no"/>',
    "<devices>\n    <emulator>/usr/bin/qemu-system-x86_64</emulator>",
    '<input type="tablet" bus="usb"/>',
    '<model type="vga" vram="16384" heads="1" primary="yes"/>',
  ])
    expect(xml).toContain(element);
  const info = parseDomainXml(xml);
  expect(info.platform.features).toEqual({
    acpi: true,
    apic: true,
    apicEoi: "on",
    pae: true,
    hap: "on",
    pmu: "off",
    smm: undefined,
  });
  expect(info.platform.clockTimers).toEqual([
    { name: "rtc", tickPolicy: "catchup", catchup: { threshold: 123, slew: 120, limit: 10000 } },
    { name: "pit", tickPolicy: "delay", catchup: undefined },
    { name: "hpet", present: "no", catchup: undefined },
  ]);
  expect(info.emulator).toBe("/usr/bin/qemu-system-x86_64");
  expect(info.extraDevices.inputs).toEqual(spec.inputs);
  expect(info.extraDevices.videos[0].primary).toBe("yes");
});

test("an in-place update changes the emulator's path, the timers and the inputs, and keeps the rest", () => {
  const current = buildDomainXml(spec).replace(
    "<input type='keyboard' bus='virtio'/>",
    "<input type='mouse' bus='ps2'/>",
  );
  const patched = parseDomainXml(
    patchDomainXml(current, {
      ...spec,
      emulator: "/usr/local/bin/qemu-system-x86_64",
      clockTimers: [{ name: "hpet", present: "yes" }],
      inputs: [{ type: "keyboard", bus: "virtio" }],
    }),
  );
  expect(patched.emulator).toBe("/usr/local/bin/qemu-system-x86_64");
  expect(patched.platform.clockTimers).toEqual([{ name: "hpet", present: "yes", catchup: undefined }]);
  expect(patched.extraDevices.inputs).toEqual([{ type: "keyboard", bus: "virtio" }]);
  expect(patched.extraDevices.videos).toEqual([{ model: "vga", vram: 16384, heads: 1, primary: "yes" }]);
});

describe("state", () => {
  // libvirt adds a PS/2 mouse and keyboard and reports <hap/> as on.
  const inactiveXml = buildDomainXml({ ...spec, features: { acpi: true, apic: true, hap: "on" } }).replace(
    "</devices>",
    "<input type='mouse' bus='ps2'/><input type='keyboard' bus='ps2'/></devices>",
  );
  const live: DomainInfo = {
    ...parseDomainXml(inactiveXml),
    state: "shut off",
    active: false,
    autostart: false,
    inactiveXml,
  };

  test("matches the configuration: implicit PS/2 inputs left out, `hap = {}` stays as written, timers in order", () => {
    const known = valuesOf(domainSchema, {
      name: "vm",
      type: "qemu",
      features: { acpi: true, apic: {}, hap: {} },
      clock: {
        offset: "utc",
        timer: [
          { name: "rtc", tick_policy: "catchup", catch_up: { threshold: 123, slew: 120, limit: 10000 } },
          { name: "pit", tick_policy: "delay" },
          { name: "hpet", present: "no" },
        ],
      },
      devices: {
        emulator: "/usr/bin/qemu-system-x86_64",
        inputs: [
          { type: "tablet", bus: "usb" },
          { type: "keyboard", bus: "virtio" },
        ],
        consoles: [{ source: { file: { path: "/var/log/vm.log" } } }],
      },
    });
    const state = domainState(live, known);
    expect(state.features).toMatchObject({ apic: { eoi: null }, hap: { state: null }, pmu: null });
    expect(state.clock?.timer).toEqual([
      {
        name: "rtc",
        track: null,
        tick_policy: "catchup",
        present: null,
        catch_up: { threshold: 123, slew: 120, limit: 10000 },
      },
      { name: "pit", track: null, tick_policy: "delay", present: null, catch_up: null },
      { name: "hpet", track: null, tick_policy: null, present: "no", catch_up: null },
    ]);
    expect(state.devices?.emulator).toBe("/usr/bin/qemu-system-x86_64");
    expect(state.devices?.inputs).toEqual([
      { type: "tablet", bus: "usb" },
      { type: "keyboard", bus: "virtio" },
    ]);
    expect(state.devices?.consoles?.[0].source).toEqual({ path: null, file: { path: "/var/log/vm.log" }, tcp: null });
  });

  test("a configured PS/2 keyboard is listed; unset emulator, inputs and timers stay null", () => {
    const known = valuesOf(domainSchema, {
      name: "vm",
      type: "qemu",
      clock: { offset: "utc" },
      devices: { inputs: [{ type: "keyboard", bus: "ps2" }] },
    });
    const state = domainState(live, known);
    expect(state.devices?.inputs).toEqual([
      { type: "tablet", bus: "usb" },
      { type: "keyboard", bus: "virtio" },
      { type: "keyboard", bus: "ps2" },
    ]);
    expect(state.devices?.emulator).toBeNull();
    expect(state.clock).toEqual({ offset: "utc", timer: null });
  });
});
