// incus_instance's plan-time checks with a stand-in client: which names are looked up (only new ones), which
// objects planned in the same run count as existing, when a replacement is warned about, and that a create
// failing after Incus made the instance record removes that record. The real daemon is in
// test/integration/incus-provider/plan-checks.test.ts.
import { IncusError, IncusNotFoundError } from "../../../lib/incus";
import type { IncusClient } from "../../../lib/incus";
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import type { CtyObjectValue, ModifyPlanRequest, ResourceContext, Resource } from "../../../lib/provider/framework";
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";
import { createInstance } from "../../../lib/provider/incus/instance/create";
import type { Placement } from "../../../lib/provider/incus/instance/create";
import type { InstancePlan, instanceSchema } from "../../../lib/provider/incus/instance/schema";
import { checkInstanceReferences } from "../../../lib/provider/incus/instance/plan-checks";
import { isPlannedObject, recordingPlans } from "../../../lib/provider/incus/instance/planned-objects";

const notFound = () => Promise.reject(new IncusNotFoundError("not found"));

/** A client that knows `existing` names per kind and counts every request. */
function fakeHost(existing: {
  images?: string[];
  pools?: string[];
  networks?: string[];
  profiles?: string[];
  projects?: string[];
}) {
  const asked: string[] = [];
  const finder = (kind: string, names: string[] = []) => ({
    find: async (name: string) => {
      asked.push(`${kind}:${name}`);
      return names.includes(name) ? { value: { name } } : undefined;
    },
    list: async () => names.map((name) => ({ name })),
  });
  const client = {
    images: {
      getAlias: (name: string) => {
        asked.push(`image:${name}`);
        return (existing.images ?? []).includes(name) ? Promise.resolve({ value: { name } }) : notFound();
      },
      find: async () => undefined,
      listAliases: async () => (existing.images ?? []).map((name) => ({ name })),
      list: async () => [],
    },
    storagePools: finder("pool", existing.pools),
    networks: finder("network", existing.networks),
    profiles: finder("profile", existing.profiles),
    projects: finder("project", existing.projects),
  } as unknown as IncusClient;
  const data: IncusProviderData = {
    client: () => client,
    defaultRemote: "local",
    waitTimeoutMs: 1000,
    remoteName: (r) => r || "local",
    remoteNames: () => ["local"],
    remoteInfo: () =>
      ({ name: "images", address: "https://images.example", protocol: "simplestreams", public: true }) as never,
  };
  return { data, asked };
}

function ctxOf(data: IncusProviderData): ResourceContext<IncusProviderData> & { diagnostics: Diagnostics } {
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  return { providerData: data, signal: new AbortController().signal, diagnostics: new Diagnostics(), log };
}

function instance(over: CtyObjectValue = {}): CtyObjectValue {
  return {
    name: "web",
    image: "debian",
    remote: null,
    project: null,
    profiles: ["default"],
    source_file: null,
    source_instance: null,
    device: [{ name: "root", type: "disk", properties: { path: "/", pool: "fast" } }],
    ...over,
  };
}

function request(
  planned: CtyObjectValue,
  prior: CtyObjectValue | null,
  requiresReplace: ModifyPlanRequest["requiresReplace"] = [],
): ModifyPlanRequest<typeof instanceSchema> {
  return { config: planned, planned, prior, requiresReplace } as ModifyPlanRequest<typeof instanceSchema>;
}

const HOST = { images: ["debian"], pools: ["fast"], networks: ["br0"], profiles: ["default"] };

describe("checkInstanceReferences", () => {
  test("a new instance: every name is looked up; a misspelt one is an error at its path with the closest names", async () => {
    const { data, asked } = fakeHost(HOST);
    const ctx = ctxOf(data);
    await checkInstanceReferences(request(instance({ image: "debain", profiles: ["defualt"] }), null), ctx);
    expect(asked.sort()).toEqual(["image:debain", "pool:fast", "profile:defualt"]);
    const errors = ctx.diagnostics.errors;
    expect(errors.map((e) => e.path)).toEqual([["image"], ["profiles", 0]]);
    expect(errors[0].summary).toBe('incus_instance "web": image "debain" does not exist');
    expect(errors[0].detail).toMatch(/Did you mean "debian"\?/);
    expect(errors[1].detail).toMatch(/Did you mean "default"\?/);
  });

  test("instances planned at the same time (-parallelism) share one look-up per name", async () => {
    const { data, asked } = fakeHost(HOST);
    await Promise.all(
      [...Array(10).keys()].map((i) =>
        checkInstanceReferences(request(instance({ name: `web${i}` }), null), ctxOf(data)),
      ),
    );
    expect(asked.sort()).toEqual(["image:debian", "pool:fast", "profile:default"]);
  });

  test("an existing instance: unchanged names cost no request; a changed one is looked up", async () => {
    const { data, asked } = fakeHost(HOST);
    const prior = instance();
    await checkInstanceReferences(request(instance(), prior), ctxOf(data));
    expect(asked).toEqual([]);
    const nic = { name: "eth0", type: "nic", properties: { network: "br1" } };
    const ctx = ctxOf(data);
    await checkInstanceReferences(
      request(instance({ device: [...(prior.device as CtyObjectValue[]), nic] }), prior),
      ctx,
    );
    expect(asked).toEqual(["network:br1"]);
    expect(ctx.diagnostics.errors[0].summary).toBe('incus_instance "web": network "br1" does not exist');
    expect(ctx.diagnostics.errors[0].detail).toMatch(/Did you mean "br0"\?.*existing instance is kept/);
  });

  test("objects planned earlier in the run by this provider count as existing; so does any name of an unknown-named one", async () => {
    const { data } = fakeHost(HOST);
    const pool = recordingPlans({ typeName: "incus_storage_pool" } as Resource<IncusProviderData>);
    const image = recordingPlans({ typeName: "incus_image" } as Resource<IncusProviderData>);
    const plan = (r: Resource<IncusProviderData>, planned: CtyObjectValue) =>
      r.modifyPlan!({ config: planned, planned, prior: null, requiresReplace: [] }, ctxOf(data));
    await plan(pool, { name: "new-pool", remote: null });
    await plan(image, { alias: [{ name: "v2" }], copy_aliases: null, remote: null });
    expect(isPlannedObject(data, "local", "pool", "new-pool")).toBe(true);
    expect(isPlannedObject(data, "local", "image", "v2")).toBe(true);
    expect(isPlannedObject(data, "local", "network", "new-pool")).toBe(false);
    const ctx = ctxOf(data);
    await checkInstanceReferences(
      request(
        instance({
          image: "v2",
          device: [{ name: "root", type: "disk", properties: { path: "/", pool: "new-pool" } }],
        }),
        null,
      ),
      ctx,
    );
    expect(ctx.diagnostics.all).toEqual([]);

    const unnamed = fakeHost(HOST).data;
    await plan(pool, { name: UNKNOWN, remote: null });
    await pool.modifyPlan!(
      { config: { name: UNKNOWN }, planned: { name: UNKNOWN, remote: null }, prior: null, requiresReplace: [] },
      ctxOf(unnamed),
    );
    expect(isPlannedObject(unnamed, "local", "pool", "anything")).toBe(true);
  });

  test("what cannot be checked: nothing for a new instance, a warning naming the instance for a replacement", async () => {
    const { data } = fakeHost(HOST);
    const created = ctxOf(data);
    await checkInstanceReferences(request(instance({ image: UNKNOWN }), null), created);
    await checkInstanceReferences(request(instance({ image: "images:debian/13" }), null), created);
    expect(created.diagnostics.all).toEqual([]);

    const replaced = ctxOf(data);
    await checkInstanceReferences(request(instance({ image: "images:debian/13" }), instance(), [["image"]]), replaced);
    expect(replaced.diagnostics.errors).toEqual([]);
    expect(replaced.diagnostics.all[0].summary).toBe(
      'incus_instance "web" is replaced, and its new configuration cannot be verified before the old instance is destroyed',
    );
    expect(replaced.diagnostics.all[0].detail).toMatch(/image "images:debian\/13"/);
  });

  test("a host that does not answer is a warning on a replacement, never an error", async () => {
    const { data } = fakeHost(HOST);
    const down = {
      ...data,
      client: () =>
        ({
          images: { getAlias: () => Promise.reject(new IncusError("CONNECTION", "connect ECONNREFUSED")) },
        }) as unknown as IncusClient,
    };
    const ctx = ctxOf(down);
    await checkInstanceReferences(request(instance({ image: "debian-14" }), instance(), [["image"]]), ctx);
    expect(ctx.diagnostics.errors).toEqual([]);
    expect(ctx.diagnostics.all[0].detail).toMatch(/did not answer: .*ECONNREFUSED/);
  });
});

describe("createInstance", () => {
  function placement(instanceLeft: CtyObjectValue | undefined) {
    const deleted: string[] = [];
    const client = {
      instances: {
        create: () =>
          Promise.reject(new IncusError("OPERATION_FAILED", "Failed creating instance from image: unpack failed")),
        find: async () => (instanceLeft ? { value: instanceLeft } : undefined),
        delete: async (name: string) => {
          deleted.push(name);
        },
      },
    } as unknown as IncusClient;
    const at: Placement = { client, remote: null, call: {}, timeoutMs: 1000 };
    return { at, deleted };
  }
  const owner = { "user.cdktf-virt.owner": "stack/web" };
  const plan = instance({ image: null, config: owner, device: [] }) as InstancePlan;

  test("a failure after Incus made the instance record removes the half-made instance and passes the error on", async () => {
    const { at, deleted } = placement({ name: "web", status: "Stopped", config: owner });
    await expect(createInstance(fakeHost(HOST).data, at, plan)).rejects.toThrow(/unpack failed/);
    expect(deleted).toEqual(["web"]);
  });

  test("an instance of that name with another marker, or running, is not touched", async () => {
    const other = placement({ name: "web", status: "Stopped", config: { "user.cdktf-virt.owner": "other/web" } });
    await expect(createInstance(fakeHost(HOST).data, other.at, plan)).rejects.toThrow(/unpack failed/);
    expect(other.deleted).toEqual([]);
    const running = placement({ name: "web", status: "Running", config: owner });
    await expect(createInstance(fakeHost(HOST).data, running.at, plan)).rejects.toThrow(/unpack failed/);
    expect(running.deleted).toEqual([]);
  });
});
