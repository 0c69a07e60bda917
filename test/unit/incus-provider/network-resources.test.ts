// The network ACL, forward, address set, load balancer and peer resources without a daemon: their schemas against
// the official provider's (lxc/terraform-provider-incus v1.1.1, internal/network/resource_network_*.go), the
// API-extension requirement at plan and at apply, import IDs, and how live objects become state.
import type { IncusClient, Server } from "../../../lib/incus";
import type { Attribute, Block, ResourceContext, Schema } from "../../../lib/provider/framework";
import { DiagnosticError, Diagnostics } from "../../../lib/provider/framework";
import {
  checkNetworkTypeAtPlan,
  ipAddress,
  parseAddressImportId,
  reportDriverRefusal,
  requiringApiExtension,
} from "../../../lib/provider/incus/common";
import { rulesFromPlan, rulesState } from "../../../lib/provider/incus/network-acl/resource";
import { networkAclResource } from "../../../lib/provider/incus/network-acl/resource";
import { networkAddressSetResource } from "../../../lib/provider/incus/network-address-set/resource";
import { networkForwardResource, portsState } from "../../../lib/provider/incus/network-forward/resource";
import { backendsState, networkLbResource } from "../../../lib/provider/incus/network-lb/resource";
import { networkPeerResource } from "../../../lib/provider/incus/network-peer/resource";
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";

/** R required, O optional, C computed, RR requires replace, D has a default (as in the official schema). */
type Flags = string;

const OFFICIAL: Record<string, { attributes: Record<string, Flags>; blocks?: Record<string, Record<string, Flags>> }> =
  {
    incus_network_acl: {
      attributes: {
        name: "R RR",
        description: "O C D",
        project: "O RR",
        remote: "O RR",
        config: "O C D",
        egress: "O C D",
        ingress: "O C D",
      },
    },
    incus_network_forward: {
      attributes: {
        network: "R RR",
        listen_address: "R RR",
        description: "O C D",
        project: "O RR",
        remote: "O RR",
        config: "O C",
        ports: "O C D",
      },
    },
    incus_network_address_set: {
      attributes: {
        name: "R",
        description: "O C D",
        addresses: "R",
        project: "O RR",
        remote: "O RR",
        config: "O C D",
      },
    },
    incus_network_lb: {
      attributes: {
        network: "R RR",
        listen_address: "R RR",
        description: "O C D",
        project: "O RR",
        remote: "O RR",
        config: "O C",
      },
      blocks: {
        backend: { name: "R", description: "O C D", target_address: "R", target_port: "O" },
        port: { description: "O C D", protocol: "O C D", listen_port: "R", target_backend: "R" },
      },
    },
    incus_network_peer: {
      attributes: {
        name: "R RR",
        description: "O C D",
        config: "O C",
        target_project: "O C RR",
        network: "O RR",
        target_network: "O C RR",
        type: "O C RR",
        target_integration: "O C RR",
        project: "O RR",
        remote: "O RR",
        status: "C",
      },
    },
  };

const NESTED: Record<string, Record<string, Flags>> = {
  "incus_network_acl.egress": {
    action: "R",
    destination: "O C",
    destination_port: "O C",
    protocol: "O C",
    description: "O C",
    state: "R",
    source: "O C",
    source_port: "O C",
    icmp_type: "O C",
    icmp_code: "O C",
  },
  "incus_network_forward.ports": {
    description: "O",
    protocol: "O C D",
    listen_port: "R",
    target_port: "R",
    target_address: "R",
  },
};

function flags(attr: Attribute): Flags {
  const out: string[] = [];
  if (attr.required) out.push("R");
  if (attr.optional) out.push("O");
  if (attr.computed) out.push("C");
  if (attr.planModifiers?.some((m) => m.description === "Changing this value replaces the object.")) out.push("RR");
  if (attr.default !== undefined) out.push("D");
  return out.join(" ");
}

const flagsOf = (attributes: Readonly<Record<string, Attribute>>): Record<string, Flags> =>
  Object.fromEntries(Object.entries(attributes).map(([name, attr]) => [name, flags(attr)]));

const RESOURCES = [
  networkAclResource,
  networkForwardResource,
  networkAddressSetResource,
  networkLbResource,
  networkPeerResource,
];

describe("schemas match the official provider's", () => {
  test.each(RESOURCES.map((r) => [r.typeName, r.schema as Schema] as const))("%s", (typeName, schema) => {
    const official = OFFICIAL[typeName];
    expect(flagsOf(schema.attributes)).toEqual(official.attributes);
    const blocks = Object.fromEntries(
      Object.entries(schema.blocks ?? {}).map(([name, block]) => [name, flagsOf((block as Block).attributes)]),
    );
    expect(blocks).toEqual(official.blocks ?? {});
    for (const [name, attr] of Object.entries(schema.attributes)) {
      const key = `${typeName}.${name === "ingress" ? "egress" : name}`;
      if (attr.nested) expect({ key, inner: flagsOf(attr.nested.attributes) }).toEqual({ key, inner: NESTED[key] });
    }
  });
});

/** A provider whose only remote answers GET /1.0 with `server`, or fails to connect. */
function contextWith(server: Partial<Server> | "unreachable"): {
  ctx: ResourceContext<IncusProviderData>;
  diagnostics: Diagnostics;
} {
  const client = {
    server: {
      get: async () => {
        if (server === "unreachable") throw new Error("connect ECONNREFUSED");
        return { value: server, etag: undefined };
      },
    },
  } as unknown as IncusClient;
  const diagnostics = new Diagnostics();
  const providerData = { client: () => client } as unknown as IncusProviderData;
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  return { ctx: { providerData, signal: new AbortController().signal, diagnostics, log }, diagnostics };
}

describe("a resource requiring an API extension", () => {
  const created: string[] = [];
  const inner = {
    typeName: "incus_example",
    schema: { attributes: {} },
    async create() {
      created.push("create");
    },
    async read() {
      return null;
    },
    async update() {
      created.push("update");
    },
    async delete() {},
    async importState() {
      return { remote: null };
    },
  };
  const wrapped = requiringApiExtension("network_address_set", inner);
  const planned = { remote: null, project: null };
  const old = { api_extensions: ["network_acl"], environment: { server_version: "6.0.4" } } as Partial<Server>;

  beforeEach(() => created.splice(0));

  test("fails the plan naming the extension, the resource and the server's version", async () => {
    const { ctx, diagnostics } = contextWith(old);
    await wrapped.modifyPlan!({ config: planned, prior: null, planned, requiresReplace: [] }, ctx);
    expect(diagnostics.errors).toEqual([
      {
        severity: "error",
        summary: 'incus_example needs the Incus API extension "network_address_set"',
        detail: expect.stringContaining("(Incus 6.0.4) does not have the API extension"),
      },
    ]);
  });

  test("plans normally on a server that has it, and leaves an unreachable server to the apply", async () => {
    const ok = contextWith({ api_extensions: ["network_address_set"] });
    await wrapped.modifyPlan!({ config: planned, prior: null, planned, requiresReplace: [] }, ok.ctx);
    expect(ok.diagnostics.all).toEqual([]);
    const down = contextWith("unreachable");
    await wrapped.modifyPlan!({ config: planned, prior: null, planned, requiresReplace: [] }, down.ctx);
    expect(down.diagnostics.all).toEqual([]);
  });

  test("refuses create, update and import on a server without it, before any change", async () => {
    const { ctx } = contextWith(old);
    const resp = { state: null };
    await expect(wrapped.create({ config: planned, planned }, ctx, resp)).rejects.toThrow(DiagnosticError);
    await expect(wrapped.create({ config: planned, planned }, ctx, resp)).rejects.toThrow(
      /incus_example needs the Incus API extension "network_address_set"/,
    );
    await expect(wrapped.update({ config: planned, prior: planned, planned }, ctx, resp)).rejects.toThrow(
      /network_address_set/,
    );
    await expect(wrapped.importState!("x", ctx)).rejects.toThrow(/network_address_set/);
    expect(created).toEqual([]);
  });

  test("creates on a server that has it", async () => {
    const { ctx } = contextWith({ api_extensions: ["network_address_set"] });
    await wrapped.create({ config: planned, planned }, ctx, { state: null });
    expect(created).toEqual(["create"]);
  });
});

describe("import IDs ending in an address", () => {
  const spec = { fields: ["network", "listen_address"], typeName: "incus_network_forward" };
  test.each([
    ["/br0/10.0.0.1", null, null, "10.0.0.1"],
    ["proj/br0/10.0.0.1", null, "proj", "10.0.0.1"],
    ["/br0/fd00::1", null, null, "fd00::1"],
    ["proj/br0/fd00:1::1", null, "proj", "fd00:1::1"],
    ["r1:proj/br0/fd00::1", "r1", "proj", "fd00::1"],
    ["r1:/br0/10.0.0.1", "r1", null, "10.0.0.1"],
  ])("%s", (id, remote, project, address) => {
    const parsed = parseAddressImportId(id, spec);
    expect(parsed).toMatchObject({ remote, project, fields: { network: "br0", listen_address: address } });
  });

  test("a missing network is refused with the format", () => {
    expect(() => parseAddressImportId("10.0.0.1", spec)).toThrow(
      /\[<remote>:\]\[<project>\]\/<network>\/<listen_address>/,
    );
  });
});

describe("state from live objects", () => {
  test('ACL rules: every field, empty ones as ""; no rules are null unless configured as []', () => {
    const live = [{ action: "allow", state: "enabled", protocol: "tcp", destination_port: "22" }];
    expect(rulesState(live, null)).toEqual([
      {
        action: "allow",
        state: "enabled",
        protocol: "tcp",
        destination_port: "22",
        destination: "",
        source: "",
        source_port: "",
        description: "",
        icmp_type: "",
        icmp_code: "",
      },
    ]);
    expect(rulesState([], null)).toBeNull();
    expect(rulesState(null, [])).toEqual([]);
    expect(rulesFromPlan([{ action: "drop", state: "logged", source: null }])).toEqual([
      expect.objectContaining({ action: "drop", state: "logged", source: "", icmp_type: "" }),
    ]);
  });

  test('forward ports: an empty description is null unless the configuration wrote ""', () => {
    const live = [{ protocol: "tcp", listen_port: "80", target_address: "10.0.0.2", target_port: "8080" }];
    expect(portsState(live, [{ listen_port: "80", protocol: "tcp", description: null }])?.[0].description).toBeNull();
    expect(portsState(live, [{ listen_port: "80", protocol: "tcp", description: "" }])?.[0].description).toBe("");
    expect(portsState([], null)).toBeNull();
  });

  test("load balancer backends: an empty target port is null unless configured", () => {
    const live = [{ name: "b1", target_address: "10.0.0.2", target_port: "" }];
    expect(backendsState(live, [{ name: "b1", target_port: null }])[0].target_port).toBeNull();
    expect(backendsState(live, [{ name: "b1", target_port: "" }])[0].target_port).toBe("");
  });
});

describe("plan-time checks", () => {
  test("a load balancer port must target declared backends", async () => {
    const { ctx, diagnostics } = contextWith({});
    await networkLbResource.validateConfig!(
      {
        backend: [{ name: "b1", target_address: "10.0.0.2", description: null, target_port: null }],
        port: [{ listen_port: "80", target_backend: ["b1", "b9"], protocol: null, description: null }],
      } as never,
      ctx,
    );
    expect(diagnostics.errors).toEqual([
      expect.objectContaining({ summary: "Unknown load balancer backend", path: ["port"] }),
    ]);
  });

  test("a peer needs a network", async () => {
    const { ctx, diagnostics } = contextWith({});
    await networkPeerResource.validateConfig!({ name: "p", network: null } as never, ctx);
    expect(diagnostics.errors).toEqual([expect.objectContaining({ summary: "Missing network", path: ["network"] })]);
  });

  test("load balancers and peers import by [project]/network/key", async () => {
    const { ctx } = contextWith({ api_extensions: ["network_load_balancer", "network_peer"] });
    expect(await networkLbResource.importState!("p1/ovn0/fd00::10", ctx)).toEqual({
      network: "ovn0",
      listen_address: "fd00::10",
      remote: null,
      project: "p1",
    });
    expect(await networkPeerResource.importState!("/ovn0/to-b", ctx)).toEqual({
      network: "ovn0",
      name: "to-b",
      remote: null,
      project: null,
    });
  });
});

describe("refusals because of the network", () => {
  // Incus 6.0.4's answers, as the client reports them.
  const refusal = (message: string) => async () => {
    throw new Error(`Incus POST /1.0/networks/br0/load-balancers failed with HTTP 400: ${message}`);
  };

  test("a driver without the object: at network, with Incus's reason and what is needed", async () => {
    const err = await reportDriverRefusal(
      "incus_network_lb",
      "br0",
      "Load balancers need an OVN network.",
      refusal('Network driver "bridge" does not support load balancers'),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiagnosticError);
    expect(err).toMatchObject({
      summary: 'incus_network_lb cannot be created on network "br0"',
      path: ["network"],
    });
    expect((err as DiagnosticError).detail).toMatch(
      /Load balancers need an OVN network. Network "br0" uses the "bridge" driver/,
    );
  });

  test("a missing network: at network", async () => {
    const err = await reportDriverRefusal(
      "incus_network_forward",
      "nope",
      "",
      refusal("Failed loading network: Network not found"),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      summary: 'incus_network_forward cannot be created: network "nope" does not exist',
      path: ["network"],
    });
  });

  test("other failures pass through unchanged", async () => {
    await expect(reportDriverRefusal("incus_network_lb", "br0", "", refusal("Listen address in use"))).rejects.toThrow(
      /Listen address in use/,
    );
  });

  function networkContext(network: { type: string } | "missing") {
    const calls: string[] = [];
    const client = {
      networks: {
        get: async (name: string) => {
          calls.push(name);
          if (network === "missing") throw Object.assign(new Error("not found"), { code: "NOT_FOUND", status: 404 });
          return { value: network, etag: undefined };
        },
      },
    } as unknown as IncusClient;
    const diagnostics = new Diagnostics();
    const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
    const providerData = { client: () => client } as unknown as IncusProviderData;
    return { ctx: { providerData, signal: new AbortController().signal, diagnostics, log }, diagnostics, calls };
  }

  test("plan time: an existing network of another type is refused at network; a new one is left alone", async () => {
    const planned = { network: "br0", remote: null, project: null };
    const bridge = networkContext({ type: "bridge" });
    await checkNetworkTypeAtPlan(
      planned,
      null,
      "incus_network_lb",
      ["ovn"],
      "Load balancers need an OVN network.",
      bridge.ctx,
    );
    expect(bridge.diagnostics.errors).toEqual([
      expect.objectContaining({ summary: 'incus_network_lb cannot be created on network "br0"', path: ["network"] }),
    ]);
    const ovn = networkContext({ type: "ovn" });
    await checkNetworkTypeAtPlan(planned, null, "incus_network_lb", ["ovn"], "", ovn.ctx);
    expect(ovn.diagnostics.all).toEqual([]);
    const unchanged = networkContext({ type: "bridge" });
    await checkNetworkTypeAtPlan(planned, planned, "incus_network_lb", ["ovn"], "", unchanged.ctx);
    expect(unchanged.calls).toEqual([]);
  });
});

describe("listen addresses", () => {
  test.each(["198.51.100.10", "fd00::10"])("%s is accepted", (value) => {
    const diagnostics = new Diagnostics();
    ipAddress.validate({ path: ["listen_address"], type: "string", value, config: {} }, diagnostics);
    expect(diagnostics.all).toEqual([]);
  });

  test.each(["198.51.100.10/24", "10.0.0.1:80", "eth0", ""])("%s is refused at the attribute", (value) => {
    const diagnostics = new Diagnostics();
    ipAddress.validate({ path: ["listen_address"], type: "string", value, config: {} }, diagnostics);
    expect(diagnostics.errors).toEqual([
      expect.objectContaining({ path: ["listen_address"], detail: expect.stringContaining("is not an IP address") }),
    ]);
  });
});
