// `incus: { changes }`: the records of what a change of an Incus instance's image or cloud-init data does, as the
// bundled provider reads them from the instance's config; nothing for the official provider, which ignores them.
import { CloudInitChange, ImageChange, IncusHost, IncusProviderSource, Instance, StoragePool } from "../../../lib";
import { errorOf, newStack, synth } from "./support";

function instanceConfig(changes?: object, source?: IncusProviderSource): unknown {
  const stack = newStack();
  const host = new IncusHost(stack, "lab", { providerSource: source });
  const pool = new StoragePool(stack, "pool", { host });
  new Instance(stack, "web", {
    host,
    incus: { image: "debian-13", rootDisk: { pool }, ...(changes ? { changes } : {}) },
  });
  const json = synth(stack) as { resource: { incus_instance: { web: { config: object } } } };
  return json.resource.incus_instance.web.config;
}

describe("Instance incus.changes", () => {
  it("records a rebuild in place for image and cloud-init changes by default", () => {
    expect(instanceConfig()).toMatchObject({
      "user.cdktf-virt.image-change": "rebuild",
      "user.cdktf-virt.cloud-init-change": "rebuild",
    });
  });

  it("records the opt-outs", () => {
    expect(instanceConfig({ image: ImageChange.REPLACE, cloudInit: CloudInitChange.UPDATE })).toMatchObject({
      "user.cdktf-virt.image-change": "replace",
      "user.cdktf-virt.cloud-init-change": "update",
    });
  });

  it("records nothing for the official provider, and refuses a rebuild it would not do", () => {
    const config = instanceConfig(undefined, IncusProviderSource.OFFICIAL) as object;
    expect(Object.keys(config).filter((k) => k.includes("-change"))).toEqual([]);
    expect(
      Object.keys(instanceConfig({ image: ImageChange.REPLACE }, IncusProviderSource.OFFICIAL) as object),
    ).not.toContain("user.cdktf-virt.image-change");
    expect(errorOf(() => instanceConfig({ cloudInit: CloudInitChange.REBUILD }, IncusProviderSource.OFFICIAL))).toMatch(
      /Instance "homelab\/web".*changes.*changes\.cloudInit = REBUILD.*needs the bundled incus provider/,
    );
  });

  it("rejects values that are not choices, and the record keys in config", () => {
    expect(errorOf(() => instanceConfig({ image: "rebuild" }))).toMatch(/changes.*not an ImageChange/);
    expect(errorOf(() => instanceConfig({ cloudInit: "REPLACE" }))).toMatch(/changes.*not a CloudInitChange/);
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(
      errorOf(
        () =>
          new Instance(stack, "web", {
            host,
            incus: { image: "debian-13", config: { "user.cdktf-virt.image-change": "replace" } },
          }),
      ),
    ).toMatch(/user\.cdktf-virt\.image-change.*changes/);
  });
});
