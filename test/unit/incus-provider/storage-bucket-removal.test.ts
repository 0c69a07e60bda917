// A storage bucket holds data: one whose config carries the protect marker (the StorageBucket construct's default)
// is never planned for deletion, also once its resource block is gone and prevent_destroy with it, nor for a
// replacement; and Delete itself refuses it on any path that still reaches it. An unprotected bucket plans as usual.
import { Diagnostics } from "../../../lib/provider/framework";
import type { ResourceContext } from "../../../lib/provider/framework";
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";
import { storageBucketResource } from "../../../lib/provider/incus/storage-bucket/resource";
import type { StorageBucketState } from "../../../lib/provider/incus/storage-bucket/schema";
import { PROTECT_CONFIG_KEY, REMOVAL_POLICY_CONFIG_KEY } from "../../../lib/records";

type ModifyPlanReq = Parameters<NonNullable<typeof storageBucketResource.modifyPlan>>[0];

function prior(config: Record<string, string>): StorageBucketState {
  return {
    name: "backups",
    pool: "default",
    description: "",
    config,
    project: null,
    remote: null,
    target: null,
    location: "none",
    s3_url: "https://127.0.0.1:8555/backups",
  } as unknown as StorageBucketState;
}

/** A context whose provider data fails the test if anything reaches the server. */
function context(): { ctx: ResourceContext<IncusProviderData>; diagnostics: Diagnostics } {
  const diagnostics = new Diagnostics();
  const providerData = new Proxy(
    {},
    {
      get(_t, key) {
        throw new Error(`the provider data was used (${String(key)}): nothing may be called for this check`);
      },
    },
  ) as IncusProviderData;
  const ctx = {
    diagnostics,
    providerData,
    log: { info() {}, warn() {}, debug() {} },
  } as unknown as ResourceContext<IncusProviderData>;
  return { ctx, diagnostics };
}

async function planRemoval(config: Record<string, string>, replace = false) {
  const { ctx, diagnostics } = context();
  const req = {
    prior: prior(config),
    planned: replace ? { ...prior(config), name: "backups2" } : null,
    config: null,
    requiresReplace: replace ? [["name"]] : [],
  } as unknown as ModifyPlanReq;
  await storageBucketResource.modifyPlan!(req, ctx);
  return diagnostics;
}

const summaries = (d: Diagnostics) => d.all.map((x) => `${x.severity}: ${x.summary}`);

describe("incus_storage_bucket removal", () => {
  test("a bucket with the protect marker is not planned for deletion", async () => {
    const d = await planRemoval({ [PROTECT_CONFIG_KEY]: "true" });
    expect(summaries(d)).toEqual(["error: Storage bucket default/backups is protected"]);
    expect(d.all[0].detail).toMatch(/protect: false|RemovalPolicy\.DESTROY/);
  });

  test("removal policy protect, and a replacement, are refused the same way", async () => {
    expect(summaries(await planRemoval({ [REMOVAL_POLICY_CONFIG_KEY]: "protect" }))).toEqual([
      "error: Storage bucket default/backups is protected",
    ]);
    const replaced = await planRemoval({ [PROTECT_CONFIG_KEY]: "true" }, true);
    expect(summaries(replaced)).toEqual(["error: Storage bucket default/backups is protected"]);
    expect(replaced.all[0].detail).toMatch(/replaces it/);
  });

  test("an unprotected bucket plans its deletion without a diagnostic", async () => {
    expect(summaries(await planRemoval({}))).toEqual([]);
  });

  test("Delete refuses a protected bucket without calling Incus", async () => {
    const { ctx, diagnostics } = context();
    await storageBucketResource.delete!({ prior: prior({ [PROTECT_CONFIG_KEY]: "true" }) } as never, ctx);
    expect(summaries(diagnostics)).toEqual(["error: Storage bucket default/backups is protected"]);
  });
});
