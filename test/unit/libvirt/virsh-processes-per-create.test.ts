// Each virsh process costs 20-50 ms (much more under load), so a create counts them: the virsh here is the real
// one against libvirt's test driver (test:///default, a fresh hypervisor per process), behind a wrapper that logs
// each start. A domain create after its own plan (Terraform's apply walk) reuses the plan's lookup, or reads nothing
// when the session has just created its volumes; a volume create without content does not look for the volume
// first (the create is refused if it exists).
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics } from "../../../lib/provider/framework";
import type { ApplyResponse, ResourceContext } from "../../../lib/provider/framework";
import { LibvirtClient } from "../../../lib/libvirt";
import { RECENT_LOOKUP_MS, RecentDomainLookups } from "../../../lib/provider/libvirt/domain/recent-lookups";
import { domainResource } from "../../../lib/provider/libvirt/domain/resource";
import { domainSchema } from "../../../lib/provider/libvirt/domain/schema";
import type { LibvirtProviderData } from "../../../lib/provider/libvirt/provider-data";
import { volumeResource } from "../../../lib/provider/libvirt/volume/resource";
import { volumeSchema } from "../../../lib/provider/libvirt/volume/schema";
import { valuesOf } from "./support/models";

let dir: string;
let log: string;
let countingVirsh: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "t-libvirt-virsh-count-"));
  log = join(dir, "starts.log");
  countingVirsh = join(dir, "virsh");
  writeFileSync(countingVirsh, `#!/bin/sh\necho start >>'${log}'\nexec virsh "$@"\n`);
  chmodSync(countingVirsh, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function virshStarts(): number {
  try {
    return readFileSync(log, "utf8").split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** A session's context: the provider's per-configure data, with the counting virsh. */
function session(): ResourceContext<LibvirtProviderData> {
  writeFileSync(log, "");
  const client = new LibvirtClient({ uri: "test:///default", virshPath: countingVirsh });
  return {
    providerData: {
      client: () => client,
      uri: "test:///default",
      shutdownTimeoutMs: 0,
      recentDomainLookups: new RecentDomainLookups(),
    },
    signal: new AbortController().signal,
    diagnostics: new Diagnostics(),
    log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  };
}

const plannedDomain = () =>
  valuesOf(domainSchema, {
    name: "t-libvirt-count",
    type: "test",
    memory: 64,
    memory_unit: "MiB",
    vcpu: 1,
    running: false,
    os: { type: "hvm", type_arch: "i686" },
    devices: {
      disks: [{ source: { volume: { pool: "default-pool", volume: "t-libvirt-count.raw" } }, target: { dev: "vda" } }],
    },
  });

/** The domain's plan, then its create, in the session: the apply walk's two calls for one domain. */
async function planAndCreate(ctx: ResourceContext<LibvirtProviderData>, planned: ReturnType<typeof plannedDomain>) {
  await domainResource.modifyPlan!({ config: planned, prior: null, planned } as never, ctx);
  const resp: ApplyResponse<typeof domainSchema> = { state: null };
  await domainResource.create({ config: planned, planned } as never, ctx, resp);
  return resp;
}

test("a domain create right after its plan (the apply walk) spawns 2 virsh processes: the plan's lookup and define", async () => {
  const ctx = session();
  const resp = await planAndCreate(ctx, plannedDomain());
  expect(ctx.diagnostics.hasErrors()).toBe(false);
  expect(resp.state?.name).toBe("t-libvirt-count");
  expect(virshStarts()).toBe(2);
});

test("a create with no plan of its own in the session looks the domain up itself", async () => {
  const ctx = session();
  const planned = plannedDomain();
  const resp: ApplyResponse<typeof domainSchema> = { state: null };
  await domainResource.create({ config: planned, planned } as never, ctx, resp);
  expect(resp.state?.name).toBe("t-libvirt-count");
  expect(virshStarts()).toBe(2);
});

const plannedVolume = (name: string) =>
  valuesOf(volumeSchema, {
    name,
    pool: "default-pool",
    capacity: 4194304,
    target: { format: { type: "raw" } },
  });

test("a volume create without content spawns 1 virsh process (create and read back)", async () => {
  const ctx = session();
  const planned = plannedVolume("t-libvirt-count.raw");
  const resp: ApplyResponse<typeof volumeSchema> = { state: null };
  await volumeResource.create({ config: planned, planned } as never, ctx, resp);
  expect(ctx.diagnostics.hasErrors()).toBe(false);
  expect(resp.state?.name).toBe("t-libvirt-count.raw");
  expect(virshStarts()).toBe(1);
});

test("ten domains planned at once (Terraform's plan walk) share one virsh process for their lookups", async () => {
  const ctx = session();
  const plans = [...Array(10).keys()].map((i) => {
    const planned = valuesOf(domainSchema, {
      ...plannedDomain(),
      name: `t-libvirt-count-${i}`,
      devices: {
        disks: [
          { source: { volume: { pool: "default-pool", volume: `t-libvirt-count-${i}.raw` } }, target: { dev: "vda" } },
        ],
      },
    });
    return domainResource.modifyPlan!({ config: planned, prior: null, planned } as never, ctx);
  });
  await Promise.all(plans);
  expect(ctx.diagnostics.hasErrors()).toBe(false);
  expect(virshStarts()).toBe(1);
});

test("in the apply walk, a domain planned and created right after its volume spawns only its define: 2 processes for both", async () => {
  const ctx = session();
  const volume = plannedVolume("t-libvirt-count.raw");
  await volumeResource.create({ config: volume, planned: volume } as never, ctx, { state: null });
  const resp = await planAndCreate(ctx, plannedDomain());
  expect(ctx.diagnostics.hasErrors()).toBe(false);
  expect(resp.state?.name).toBe("t-libvirt-count");
  expect(resp.state?.running).toBe(false);
  expect(virshStarts()).toBe(2);
});

test("in the apply walk, a domain of that name that exists is still refused: define fails, a fresh lookup decides", async () => {
  const ctx = session();
  const volume = plannedVolume("t-libvirt-count.raw");
  await volumeResource.create({ config: volume, planned: volume } as never, ctx, { state: null });
  // The test driver's hypervisor starts with a domain "test" (no ownership marker).
  const resp = await planAndCreate(ctx, valuesOf(domainSchema, { ...plannedDomain(), name: "test" }));
  expect(ctx.diagnostics.hasErrors()).toBe(true);
  expect(JSON.stringify(ctx.diagnostics)).toMatch(/already exists/);
  expect(resp.state).toBeNull();
  expect(virshStarts()).toBe(3);
});

test("what a session created counts for a few seconds only, and only for volumes it created", () => {
  let now = 1_000;
  const recent = new RecentDomainLookups(() => now);
  const info = { name: "a.raw", pool: "p", type: "file", capacity: 1, format: "raw" } as never;
  recent.rememberCreatedVolume(info);
  expect(recent.afterCreatedVolumes([])).toBeUndefined();
  expect(recent.afterCreatedVolumes([{ pool: "p", name: "b.raw" }])).toBeUndefined();
  expect(recent.afterCreatedVolumes([{ pool: "p", name: "a.raw" }])).toEqual({ domain: undefined, volumes: [info] });
  now += RECENT_LOOKUP_MS + 1;
  expect(recent.afterCreatedVolumes([{ pool: "p", name: "a.raw" }])).toBeUndefined();
});
