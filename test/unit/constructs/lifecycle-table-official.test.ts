// The DESTROY cell of the lifecycle table's OFFICIAL column (docs/lifecycle.md, "What happens to the data, per policy
// and path"): under IncusProviderSource.OFFICIAL a DESTROY volume is a plain incus_storage_volume that Terraform
// deletes and the lxc/incus provider carries out — the same JSON as under the bundled provider apart from the
// provider source, with nothing (prevent_destroy, removal-policy or protect keys) that the official provider would
// have to honour.
import type { TerraformStack } from "cdktf";
import { IncusHost, IncusProviderSource, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { newStack, resource, synth } from "./support";

/** A stack with one instance and a DESTROY volume attached to it, on an IncusHost with the given provider. */
function stackWith(
  providerSource: IncusProviderSource | undefined,
  volumeProps: { removalPolicy?: RemovalPolicy; protect?: boolean },
): TerraformStack {
  const stack = newStack();
  const host = new IncusHost(stack, "lab", { providerSource });
  const pool = StoragePool.fromName(stack, "pool", host, "default");
  const scratch = new Volume(stack, "scratch", { pool, size: "1GiB", ...volumeProps });
  new Instance(stack, "app", { host, incus: { image: "debian-13", rootDisk: { pool } } }).attach(scratch, {
    path: "/scratch",
  });
  return stack;
}

describe("RemovalPolicy.DESTROY under IncusProviderSource.OFFICIAL", () => {
  it("synthesizes a plain volume Terraform deletes: no prevent_destroy, no removal-policy or protect key, the lxc/incus provider", () => {
    const json = synth(stackWith(IncusProviderSource.OFFICIAL, { removalPolicy: RemovalPolicy.DESTROY }));
    expect(json.terraform.required_providers.incus.source).toBe("lxc/incus");
    const volume = resource(json, "incus_storage_volume", "scratch");
    expect(volume.lifecycle).toBeUndefined();
    expect(volume.config).toEqual({
      size: "1GiB",
      "user.cdktf-virt.lifecycle": "persistent",
      "user.cdktf-virt.owner": "homelab/scratch",
    });
    // A persistent volume is not rebuilt with its instance: nothing ties the instance's replacement to it.
    expect(resource(json, "incus_instance", "app").lifecycle?.replace_triggered_by).toBeUndefined();
  });

  it("is the same volume as under the bundled provider, and as protect: false", () => {
    const official = synth(stackWith(IncusProviderSource.OFFICIAL, { removalPolicy: RemovalPolicy.DESTROY }));
    const bundled = synth(stackWith(undefined, { removalPolicy: RemovalPolicy.DESTROY }));
    const unprotected = synth(stackWith(IncusProviderSource.OFFICIAL, { protect: false }));
    expect(official.resource.incus_storage_volume).toEqual(bundled.resource.incus_storage_volume);
    expect(official.resource.incus_storage_volume).toEqual(unprotected.resource.incus_storage_volume);
    expect(bundled.terraform.required_providers.incus.source).not.toBe("lxc/incus");
  });
});
