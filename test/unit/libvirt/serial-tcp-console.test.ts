// Serial ports, TCP consoles, their protocol and user aliases: XML built and read back, patched into an existing
// definition, turned into state that matches the configuration, and the plan-time checks with their paths.
import { buildDomainXml, parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainInfo, DomainSpec } from "../../../lib/libvirt";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { domainResource, domainSchema, domainState } from "../../../lib/provider/libvirt";
import { consoleSpec, serialSpec } from "../../../lib/provider/libvirt/domain/spec";
import { valuesOf } from "./support/models";
import { validateConfig } from "./support/validate-config";

const base: DomainSpec = { name: "vm", memoryKiB: 262144, vcpus: 1 };
const tcp = { mode: "bind", host: "127.0.0.1", service: "12345", tls: "no" };
const serialTcp = {
  type: "tcp" as const,
  tcp,
  protocol: "telnet",
  alias: "ua-serial",
  targetType: "isa-serial",
  targetPort: 0,
  targetModel: "isa-serial",
};
const consoleTcp = { type: "tcp" as const, tcp, protocol: "telnet", alias: "serial0", targetType: "serial" };

describe("domain XML: serial ports and TCP consoles", () => {
  const xml = buildDomainXml({ ...base, serials: [serialTcp], consoles: [consoleTcp] });

  test("built as libvirt documents them: source, protocol, target with model, user alias; serials first", () => {
    expect(xml).toContain('<source mode="bind" host="127.0.0.1" service="12345" tls="no"/>');
    expect(xml).toContain('<protocol type="telnet"/>');
    expect(xml).toContain('<model name="isa-serial"/>');
    expect(xml).toContain('<alias name="ua-serial"/>');
    // libvirt discards an alias without the ua- prefix when it stores the definition: it is not written.
    expect(xml).not.toContain("serial0");
    expect(xml.indexOf("<serial")).toBeLessThan(xml.indexOf("<console"));
  });

  test("read back", () => {
    const parsed = parseDomainXml(xml);
    expect(parsed.serials).toEqual([serialTcp]);
    expect(parsed.consoles).toEqual([{ ...consoleTcp, alias: undefined, targetPort: 0 }]);
  });

  test.each([
    [
      { serials: [{ type: "tcp" as const, tcp: { host: "h" } }] },
      /serial port 0: a TCP console needs source\.tcp\.service/,
    ],
    [{ serials: [{ type: "udp" as unknown as "tcp" }] }, /serial port 0: type 'udp'/],
    [{ consoles: [{ type: "file" as const, path: "rel.log" }] }, /console 0: a file console needs an absolute path/],
  ])("refused: %j", (extra, message) => {
    expect(() => buildDomainXml({ ...base, ...extra })).toThrow(message);
  });
});

describe("patching an existing definition", () => {
  const existing = `<domain type='kvm'>
  <name>vm</name><uuid>11111111-2222-3333-4444-555555555555</uuid>
  <memory unit='KiB'>262144</memory><currentMemory unit='KiB'>262144</currentMemory><vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc-i440fx-7.2'>hvm</type></os>
  <devices>
    <serial type='pty'><target type='isa-serial' port='0'/></serial>
    <console type='pty'><target type='serial' port='0'/></console>
    <graphics type='vnc' port='-1'/>
  </devices>
</domain>`;

  test("listed serials replace the serial and console devices; graphics are kept", () => {
    const patched = patchDomainXml(existing, { ...base, serials: [serialTcp] });
    expect(parseDomainXml(patched).serials).toEqual([serialTcp]);
    expect(parseDomainXml(patched).consoles).toEqual([]);
    expect(patched).toContain("<graphics type='vnc' port='-1'/>");
  });

  test("neither listed: both kept as they are", () => {
    expect(patchDomainXml(existing, base)).toContain("<serial type='pty'>");
  });
});

describe("from configuration to spec and state", () => {
  const config = {
    name: "vm",
    devices: {
      serials: [
        {
          alias: { name: "serial0" },
          source: { tcp },
          protocol: { type: "telnet" },
          target: { type: "isa-serial", port: 0, model: { name: "isa-serial" } },
        },
      ],
      consoles: [
        {
          alias: { name: "serial0" },
          source: { tcp },
          protocol: { type: "telnet" },
          target: { type: "serial", port: 0 },
        },
      ],
    },
  };
  const known = valuesOf(domainSchema, config);

  test("the type follows the source; the alias goes to the spec as given", () => {
    const devices = known.devices!;
    expect(serialSpec(devices.serials![0])).toEqual({ ...serialTcp, alias: "serial0" });
    expect(consoleSpec(devices.consoles![0])).toMatchObject({ type: "tcp", tcp, protocol: "telnet", alias: "serial0" });
  });

  test("state matches the configuration although libvirt drops the alias serial0", () => {
    const inactiveXml = buildDomainXml({
      ...base,
      serials: [{ ...serialTcp, alias: undefined }],
      consoles: [{ ...consoleTcp, alias: undefined, targetPort: 0 }],
    });
    const live: DomainInfo = {
      ...parseDomainXml(inactiveXml),
      state: "shut off",
      active: false,
      autostart: false,
      inactiveXml,
    };
    const state = domainState(live, known);
    const sourceState = { path: null, file: null, tcp };
    expect(state.devices?.serials).toEqual([
      {
        type: "tcp",
        source: sourceState,
        protocol: { type: "telnet" },
        alias: { name: "serial0" },
        target: { type: "isa-serial", port: 0, model: { name: "isa-serial" } },
      },
    ]);
    expect(state.devices?.consoles).toEqual([
      {
        type: "tcp",
        source: sourceState,
        protocol: { type: "telnet" },
        alias: { name: "serial0" },
        target: { type: "serial", port: 0 },
      },
    ]);
  });

  test("a user alias libvirt reports is the device's, also when the configuration names another", () => {
    const inactiveXml = buildDomainXml({ ...base, serials: [{ ...serialTcp, alias: "ua-renamed" }] });
    const live: DomainInfo = {
      ...parseDomainXml(inactiveXml),
      state: "shut off",
      active: false,
      autostart: false,
      inactiveXml,
    };
    expect(domainState(live, known).devices?.serials?.[0].alias).toEqual({ name: "ua-renamed" });
  });
});

describe("plan-time checks", () => {
  const validate = (config: CtyObjectValue) =>
    validateConfig(domainResource, { name: "vm", metadata: null, ...config });
  const serial = (s: CtyObjectValue): CtyObjectValue => ({
    devices: {
      disks: null,
      interfaces: null,
      serials: [{ type: null, source: null, protocol: null, alias: null, target: null, ...s }],
    },
  });
  const tcpSource = { path: null, file: null, tcp: { mode: null, host: null, service: "4555", tls: null } };

  test.each([
    [serial({ source: { ...tcpSource, path: "/x.log" } }), ["devices", "serials", 0, "source"], /exactly one/],
    [serial({ type: "pty", source: tcpSource }), ["devices", "serials", 0, "type"], /set type = "tcp"/],
    [serial({ type: "tcp" }), ["devices", "serials", 0, "type"], /needs source\.tcp/],
    [serial({ protocol: { type: "telnet" } }), ["devices", "serials", 0, "protocol"], /source\.tcp socket only/],
    [
      serial({ source: tcpSource, target: { type: null, port: -1, model: null } }),
      ["devices", "serials", 0, "target", "port"],
      /./,
    ],
  ])("%j: one error on its path", (config, path, detail) => {
    const diags = validate(config);
    expect(diags.errors).toHaveLength(1);
    expect(diags.errors[0].path).toEqual(path);
    expect(`${diags.errors[0].summary} ${diags.errors[0].detail}`).toMatch(detail);
  });

  test("a TCP serial port with telnet and an alias passes", () => {
    expect(
      validate(serial({ source: tcpSource, protocol: { type: "telnet" }, alias: { name: "serial0" } })).errors,
    ).toEqual([]);
  });
});
