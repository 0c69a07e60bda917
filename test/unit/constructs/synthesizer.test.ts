// `cdktf deploy` must find the bundled providers with no manual step: at synth the stack's synthesizer copies them
// into <stack dir>/terraform.d/plugins.
jest.mock("../../../lib/packaging", () => {
  const actual = jest.requireActual("../../../lib/packaging");
  return { ...actual, prepareWorkingDirectory: jest.fn(() => []) };
});

import { TerraformStack, Testing } from "cdktf";
import * as fs from "fs";
import * as path from "path";
import { IncusHost, IncusProviderSource, LibvirtHost, StoragePool } from "../../../lib";
import { prepareWorkingDirectory } from "../../../lib/packaging";

const install = prepareWorkingDirectory as jest.Mock;

beforeEach(() => install.mockClear());

describe("bundled providers at synth", () => {
  it("are installed once per stack into <outdir>/stacks/<stack>/terraform.d/plugins, only the types used", () => {
    const stack = new TerraformStack(Testing.app(), "homelab");
    const host = new IncusHost(stack, "a");
    new IncusHost(stack, "b", { address: "https://h:8443" });
    new StoragePool(stack, "pool", { host });
    const outdir = Testing.fullSynth(stack);
    expect(fs.existsSync(path.join(outdir, "stacks", "homelab", "cdk.tf.json"))).toBe(true);
    expect(install).toHaveBeenCalledTimes(1);
    expect(install).toHaveBeenCalledWith(path.join(outdir, "stacks", "homelab"), { types: ["incus"] });
  });

  it("installs both providers for a stack using both kinds of host", () => {
    const stack = new TerraformStack(Testing.app(), "mixed");
    new IncusHost(stack, "lab");
    new LibvirtHost(stack, "kvm");
    const outdir = Testing.fullSynth(stack);
    expect(install).toHaveBeenCalledWith(path.join(outdir, "stacks", "mixed"), { types: ["incus", "libvirt"] });
  });

  it("installs nothing for a stack on the official provider", () => {
    const stack = new TerraformStack(Testing.app(), "official");
    new IncusHost(stack, "lab", { providerSource: IncusProviderSource.OFFICIAL });
    Testing.fullSynth(stack);
    expect(install).not.toHaveBeenCalled();
  });
});
