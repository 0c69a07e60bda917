import { TerraformOutput, TerraformStack, Testing } from "cdktf";
import {
  DATA_SOURCE_SPECS,
  DataIncusInstance,
  DataIncusNetworkForward,
  DataIncusStorageVolume,
  IncusInstanceResource,
  IncusProvider,
} from "../../../lib/bindings";
import { incusProvider } from "../../../lib/provider/incus/provider";

function stack(): TerraformStack {
  return new TerraformStack(Testing.app(), "s");
}

type Blocks = Record<string, Record<string, Record<string, unknown>>>;

interface Synthesized {
  readonly data: Blocks;
  readonly resource?: Blocks;
  readonly output?: Record<string, unknown>;
}

function synth(s: TerraformStack): Synthesized {
  return JSON.parse(Testing.synth(s));
}

describe("data source bindings", () => {
  it("synthesize a data block with the provider's argument names", () => {
    const s = stack();
    new IncusProvider(s, "p", { source: "lxc/incus" });
    new DataIncusInstance(s, "web", { name: "web", project: "prod", remote: "local" });
    new DataIncusStorageVolume(s, "vol", { name: "v", storagePool: "sp", type: "custom" });
    new DataIncusNetworkForward(s, "fwd", { network: "br0", listenAddress: "192.0.2.1" });
    const out = synth(s);
    expect(out.data).toEqual({
      incus_instance: { web: { name: "web", project: "prod", remote: "local" } },
      incus_storage_volume: { vol: { name: "v", storage_pool: "sp", type: "custom" } },
      incus_network_forward: { fwd: { network: "br0", listen_address: "192.0.2.1" } },
    });
    expect(out.resource).toBeUndefined();
  });

  it("give references to what the data source reads, and meta-arguments", () => {
    const s = stack();
    new IncusProvider(s, "p", { source: "lxc/incus" });
    const base = new DataIncusInstance(s, "base", { name: "base" });
    const copy = new IncusInstanceResource(s, "copy", {
      name: "copy",
      image: "images:alpine/3.20",
      description: base.description,
      profiles: base.profiles,
      config: base.config,
    });
    new DataIncusInstance(s, "after", { name: "copy", dependsOn: [copy] });
    new TerraformOutput(s, "status", { value: base.status });
    new TerraformOutput(s, "devices", { value: base.device });
    new TerraformOutput(s, "ephemeral", { value: base.ephemeral });
    const out = synth(s);
    expect(out.resource?.incus_instance.copy).toMatchObject({
      description: "${data.incus_instance.base.description}",
      profiles: "${data.incus_instance.base.profiles}",
      config: "${data.incus_instance.base.config}",
    });
    expect(out.data.incus_instance.after.depends_on).toEqual(["incus_instance.copy"]);
    expect(out.output).toMatchObject({
      status: { value: "${data.incus_instance.base.status}" },
      devices: { value: "${data.incus_instance.base.device}" },
      ephemeral: { value: "${data.incus_instance.base.ephemeral}" },
    });
    expect(DataIncusInstance.tfResourceType).toBe("incus_instance");
  });

  it("leave attributes only the provider sets out of the configuration", () => {
    const s = stack();
    new IncusProvider(s, "p", { source: "lxc/incus" });
    // `config` and `device` are read-only: the config interface has no such properties, the getters have them.
    const d = new DataIncusInstance(s, "d", { name: "d", ...({ config: { a: "b" } } as object) });
    expect(d.configured).toEqual({ name: "d", config: { a: "b" } });
    expect(() => synth(s)).toThrow(/config/);
  });

  it("exist for every data source the incus provider registers", () => {
    const registered = (
      typeof incusProvider.dataSources === "function" ? incusProvider.dataSources() : (incusProvider.dataSources ?? [])
    ).map((d) => d.typeName);
    expect(Object.keys(DATA_SOURCE_SPECS).sort()).toEqual([...registered].sort());
  });
});
