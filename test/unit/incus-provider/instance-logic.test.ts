// Pure decision logic of incus_instance: which addresses are reported, which exec entries run, how plans
// get their defaults and when runtime values become unknown, which configurations are rejected, and how
// import IDs are read.
import { Diagnostics, UNKNOWN, isUnknown } from "../../../lib/provider/framework";
import type { ModifyPlanRequest } from "../../../lib/provider/framework";
import type { InstanceState } from "../../../lib/incus";
import { execRunsFor } from "../../../lib/provider/incus/instance/exec";
import { interfacesOf, pickAddresses, hasAddress } from "../../../lib/provider/incus/instance/network";
import { modifyInstancePlan } from "../../../lib/provider/incus/instance/plan";
import { validateInstanceConfig } from "../../../lib/provider/incus/instance/validate";
import { instanceResource, instanceSnapshotResource } from "../../../lib/provider/incus/instance";
import type { InstancePlanModel, instanceSchema } from "../../../lib/provider/incus/instance/schema";

/** Values as the framework hands them over (a configuration leaves attributes with a default null). */
const configOf = (values: object): InstancePlanModel => values as InstancePlanModel;

function planRequest(values: {
  config: object;
  prior: object | null;
  planned: object;
}): ModifyPlanRequest<typeof instanceSchema> {
  return { ...values, requiresReplace: [] } as ModifyPlanRequest<typeof instanceSchema>;
}

type Net = NonNullable<InstanceState["network"]>;

function state(network: Net | null): InstanceState {
  return { status: "Running", status_code: 103, pid: 1, processes: 2, cpu: null, memory: null, disk: null, network };
}

const lo = {
  addresses: [{ family: "inet", address: "127.0.0.1", netmask: "8", scope: "local" }],
  hwaddr: "",
  host_name: "",
  state: "up",
  type: "loopback",
};
const eth0 = {
  addresses: [
    { family: "inet6", address: "fe80::1", netmask: "64", scope: "link" },
    { family: "inet", address: "10.1.2.3", netmask: "24", scope: "global" },
    { family: "inet6", address: "fd00::3", netmask: "64", scope: "global" },
  ],
  hwaddr: "00:16:3e:aa:bb:cc",
  host_name: "veth123",
  state: "up",
  type: "broadcast",
};
const eth1 = { addresses: [], hwaddr: "00:16:3e:00:00:01", host_name: "", state: "up", type: "broadcast" };

describe("instance addresses", () => {
  test("the best interface is picked: host name, then MAC, then global addresses", () => {
    expect(pickAddresses({}, state({ lo, eth1, eth0 }))).toEqual({
      ipv4: "10.1.2.3",
      ipv6: "fd00::3",
      mac: "00:16:3e:aa:bb:cc",
    });
  });

  test("user.access_interface names the interface to report", () => {
    expect(pickAddresses({ "user.access_interface": "eth1" }, state({ lo, eth0, eth1 }))).toEqual({
      ipv4: null,
      ipv6: null,
      mac: "00:16:3e:00:00:01",
    });
    expect(pickAddresses({ "user.access_interface": "nope" }, state({ eth0 }))).toEqual({
      ipv4: null,
      ipv6: null,
      mac: null,
    });
  });

  test("only loopback, or no network state, reports nothing", () => {
    expect(pickAddresses({}, state({ lo }))).toEqual({ ipv4: null, ipv6: null, mac: null });
    expect(pickAddresses({}, state(null))).toEqual({ ipv4: null, ipv6: null, mac: null });
  });

  test("interfaces are keyed by the Incus device whose volatile hwaddr matches", () => {
    const config = { "volatile.net0.hwaddr": "00:16:3E:AA:BB:CC", "volatile.eth9.hwaddr": "00:00:00:00:00:09" };
    expect(interfacesOf(config, state({ lo, eth0, eth1 }))).toEqual({
      net0: {
        name: "eth0",
        type: "broadcast",
        state: "up",
        ip_addresses: eth0.addresses.map((a) => ({ address: a.address, family: a.family, scope: a.scope })),
      },
    });
    expect(interfacesOf(config, state(null))).toBeNull();
  });

  test("wait_for ipv4/ipv6 need a global address, on the named NIC when given", () => {
    expect(hasAddress(state({ lo, eth0 }), "inet", null)).toBe(true);
    expect(hasAddress(state({ lo, eth0 }), "inet", "eth1")).toBe(false);
    expect(hasAddress(state({ lo, eth1 }), "inet6", null)).toBe(false);
    const linkOnly = { ...eth0, addresses: [eth0.addresses[0]] };
    expect(hasAddress(state({ eth0: linkOnly }), "inet6", null)).toBe(false);
  });
});

describe("exec entries", () => {
  const entry = (command: string[], trigger: string | null = null) => ({
    command,
    environment: null,
    working_dir: null,
    uid: null,
    gid: null,
    timeout: null,
    trigger,
  });

  test("create runs every entry in key order", () => {
    const runs = execRunsFor({ b: entry(["b"]), a: entry(["a"], "once") }, null, true);
    expect(runs.map(([k]) => k)).toEqual(["a", "b"]);
  });

  test("update runs new and changed on_change entries, never once entries", () => {
    const prior = { a: entry(["a"], "once"), b: entry(["b"]), c: entry(["c"]) };
    const planned = { a: entry(["a2"], "once"), b: entry(["b"]), c: entry(["c", "x"]), d: entry(["d"]) };
    expect(execRunsFor(planned, prior, false).map(([k]) => k)).toEqual(["c", "d"]);
  });

  test("a changed environment counts as a change, the trigger alone does not", () => {
    const prior = { a: entry(["a"]) };
    expect(execRunsFor({ a: { ...entry(["a"]), environment: { X: "1" } } }, prior, false)).toHaveLength(1);
    expect(execRunsFor({ a: entry(["a"], "on_change") }, prior, false)).toHaveLength(0);
  });
});

const baseConfig = {
  name: "c1",
  description: null,
  type: null,
  image: "img",
  ephemeral: null,
  running: null,
  profiles: null,
  project: null,
  remote: null,
  target: null,
  config: null,
  exec: null,
  source_instance: null,
  source_file: null,
  architecture: null,
  ipv4_address: null,
  ipv6_address: null,
  mac_address: null,
  status: null,
  interfaces: null,
  wait_for: [],
  device: [],
  file: [],
};

describe("instance plans", () => {
  test("create: profiles, description, config and type get the official defaults; file modes are shown", () => {
    const file = {
      content: "x",
      source_path: null,
      target_path: "/a",
      uid: null,
      gid: null,
      mode: null,
      directory_mode: null,
      create_directories: null,
      append: null,
    };
    const config = { ...baseConfig, file: [file] };
    const planned = {
      ...config,
      running: true,
      ephemeral: false,
      status: UNKNOWN,
      file: [{ ...file, mode: UNKNOWN, append: UNKNOWN }],
    };
    const out = modifyInstancePlan(planRequest({ config, prior: null, planned })).planned!;
    expect(out).toMatchObject({ profiles: ["default"], description: "", config: {}, type: "container" });
    expect(out.file).toMatchObject([{ mode: "0755", append: false }]);
  });

  test("a copied instance keeps description/config/type to be read from the copy", () => {
    const config = { ...baseConfig, image: null, source_instance: { project: "default", name: "x", snapshot: null } };
    const planned = { ...config, description: UNKNOWN, config: UNKNOWN, type: UNKNOWN };
    const out = modifyInstancePlan(planRequest({ config, prior: null, planned })).planned!;
    expect(isUnknown(out.config)).toBe(true);
    expect(isUnknown(out.description)).toBe(true);
    expect(out.profiles).toEqual(["default"]);
  });

  test("update: a config change keeps status and addresses; stopping or re-wiring makes them unknown", () => {
    const prior = {
      ...baseConfig,
      running: true,
      profiles: ["default"],
      config: { "user.a": "1" },
      status: "Running",
      ipv4_address: "10.0.0.2",
    };
    const config = { ...baseConfig, config: { "user.a": "2" } };
    const same = modifyInstancePlan(
      planRequest({ config, prior, planned: { ...prior, config: { "user.a": "2" } } }),
    ).planned!;
    expect(same.status).toBe("Running");
    expect(same.ipv4_address).toBe("10.0.0.2");
    const stopped = modifyInstancePlan(planRequest({ config, prior, planned: { ...prior, running: false } })).planned!;
    expect(isUnknown(stopped.status)).toBe(true);
    expect(isUnknown(stopped.ipv4_address)).toBe(true);
    const device = [{ name: "eth0", type: "nic", properties: { network: "br0" } }];
    const rewired = modifyInstancePlan(planRequest({ config, prior, planned: { ...prior, device } })).planned!;
    expect(rewired.status).toBe("Running");
    expect(isUnknown(rewired.ipv4_address)).toBe(true);
  });
});

describe("instance configuration checks", () => {
  const check = (overrides: Record<string, unknown>): string[] => {
    const diags = new Diagnostics();
    validateInstanceConfig(configOf({ ...baseConfig, ...overrides }), diags);
    return diags.errors.map((d) => `${d.summary}: ${d.detail ?? ""}`);
  };

  test("a valid configuration passes", () => {
    expect(check({ wait_for: [{ type: "delay", delay: "1m30s", nic: null }] })).toEqual([]);
  });

  test("an invalid wait_for delay is rejected with what is accepted", () => {
    const errors = check({ wait_for: [{ type: "delay", delay: "soon", nic: null }] });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Invalid wait_for delay.*"soon" is not a duration.*"30s"/);
  });

  test("wait_for delay without a delay, nic on the wrong type, agent on a container", () => {
    expect(check({ wait_for: [{ type: "delay", delay: null, nic: null }] })[0]).toMatch(/"delay" is required/);
    expect(check({ wait_for: [{ type: "ready", delay: null, nic: "eth0" }] })[0]).toMatch(/"nic" can only be set/);
    expect(check({ wait_for: [{ type: "agent", delay: null, nic: null }] })[0]).toMatch(
      /containers have no Incus agent/,
    );
  });

  test("ephemeral instances cannot be stopped; files and exec need a running instance", () => {
    expect(check({ ephemeral: true, running: false })[0]).toMatch(/ephemeral and cannot be stopped/);
    const file = {
      content: "x",
      source_path: null,
      target_path: "/a",
      uid: null,
      gid: null,
      mode: null,
      directory_mode: null,
      create_directories: null,
      append: null,
    };
    expect(check({ running: false, file: [file] })[0]).toMatch(/Files can only be uploaded to running instances/);
    expect(check({ file: [{ ...file, source_path: "/etc/hosts" }] })[0]).toMatch(
      /exactly one of "content" or "source_path"/,
    );
  });

  test("a container without an image must be created stopped", () => {
    expect(check({ image: null })[0]).toMatch(/without an image cannot run/);
    expect(check({ image: null, running: false })).toEqual([]);
  });

  test("unknown values are not judged yet", () => {
    expect(check({ wait_for: [{ type: "delay", delay: UNKNOWN, nic: null }], running: UNKNOWN })).toEqual([]);
  });
});

describe("import IDs", () => {
  const ctx = {} as never;

  test("instance: [remote:][project/]name[,image=...]", async () => {
    expect(await instanceResource.importState!("lab:web/c1,image=debian", ctx)).toEqual({
      name: "c1",
      project: "web",
      remote: "lab",
      image: "debian",
    });
    expect(await instanceResource.importState!("c1", ctx)).toEqual({
      name: "c1",
      project: null,
      remote: null,
      image: null,
    });
    await expect(instanceResource.importState!("c1,size=3", ctx)).rejects.toThrow(
      /unexpected option "size".*terraform import incus_instance/,
    );
  });

  test("snapshot: [remote:][project]/instance/name", async () => {
    expect(await instanceSnapshotResource.importState!("/c1/snap0", ctx)).toEqual({
      instance: "c1",
      name: "snap0",
      project: null,
      remote: null,
    });
    expect(await instanceSnapshotResource.importState!("p/c1/snap0", ctx)).toMatchObject({ project: "p" });
    await expect(instanceSnapshotResource.importState!("c1", ctx)).rejects.toThrow(/Invalid import ID/);
  });
});
