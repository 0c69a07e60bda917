// An incus_image planned in the same run counts as an existing image for an instance's plan-time check: by the
// aliases it creates, and, when it copies its source's aliases (source_image.copy_aliases), by any name, since
// those aliases are only known once the copy exists.
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";
import type { PlanModel, Resource, ResourceContext } from "../../../lib/provider/framework";
import { Diagnostics } from "../../../lib/provider/framework";
import type { imageSchema } from "../../../lib/provider/incus/image/schema";
import { isPlannedObject, recordingPlans } from "../../../lib/provider/incus/instance/planned-objects";

function providerData(): IncusProviderData {
  return {
    client: () => {
      throw new Error("no requests expected");
    },
    defaultRemote: "local",
    waitTimeoutMs: 1000,
    remoteName: (r) => r || "local",
    remoteNames: () => ["local"],
    remoteInfo: () => {
      throw new Error("no remotes expected");
    },
  };
}

function ctxOf(data: IncusProviderData): ResourceContext<IncusProviderData> {
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  return { providerData: data, signal: new AbortController().signal, diagnostics: new Diagnostics(), log };
}

/** A plan of incus_image in the schema's own shape (the attributes the registry may read). */
function imagePlan(over: Partial<PlanModel<typeof imageSchema>>): PlanModel<typeof imageSchema> {
  return {
    alias: null,
    source_file: null,
    source_image: null,
    source_instance: null,
    project: null,
    remote: null,
    ...over,
  } as PlanModel<typeof imageSchema>;
}

async function planImage(data: IncusProviderData, planned: PlanModel<typeof imageSchema>): Promise<void> {
  const resource = recordingPlans({ typeName: "incus_image" } as Resource<IncusProviderData>);
  await resource.modifyPlan!({ config: planned, planned, prior: null, requiresReplace: [] }, ctxOf(data));
}

test("an image that copies its source's aliases counts as any image name on its remote", async () => {
  const data = providerData();
  await planImage(
    data,
    imagePlan({
      source_image: { remote: "images", name: "debian/12", type: "container", architecture: null, copy_aliases: true },
    }),
  );
  expect(isPlannedObject(data, "local", "image", "debian/12")).toBe(true);
});

test("an image with its own aliases counts by those names only", async () => {
  const data = providerData();
  await planImage(
    data,
    imagePlan({
      alias: [{ name: "v2", description: "" }],
      source_image: { remote: "images", name: "debian/12", type: "container", architecture: null, copy_aliases: false },
    }),
  );
  expect(isPlannedObject(data, "local", "image", "v2")).toBe(true);
  expect(isPlannedObject(data, "local", "image", "debian/12")).toBe(false);
});
