import { TerraformStack, Testing } from "cdktf";
import { Construct } from "constructs";
import { IncusStorageVolumeResource } from "../../../lib/bindings";
import {
  GenerationAnchor,
  incusOwnershipConfig,
  libvirtOwnerMetadataXml,
  ownerMarker,
  resourceAddress,
} from "../../../lib/lifecycle";

describe("GenerationAnchor", () => {
  it("is one terraform_data whose triggers_replace is keyed by meaningful names, sorted", () => {
    const stack = new TerraformStack(Testing.app(), "s");
    const instance = new Construct(stack, "db");
    const anchor = new GenerationAnchor(instance, "Generation");
    anchor.setInstanceInputs({ type: "container", image: "debian", project: undefined, remote: "lab" });
    anchor.addEphemeralVolume("tmp", { name: "s-tmp", pool: "p" });
    anchor.addEphemeralVolume("cache", { pool: "p", name: "s-cache" });
    const json = JSON.parse(Testing.synth(stack));
    const anchors = json.resource.terraform_data;
    expect(Object.keys(anchors)).toEqual([anchor.address.split(".")[1]]);
    const triggers = anchors[anchor.address.split(".")[1]].triggers_replace;
    expect(triggers).toEqual({
      instance: { image: "debian", remote: "lab", type: "container" },
      ephemeral_volumes: { cache: { name: "s-cache", pool: "p" }, tmp: { name: "s-tmp", pool: "p" } },
    });
    expect(Object.keys(triggers.ephemeral_volumes)).toEqual(["cache", "tmp"]);
    expect(anchors[anchor.address.split(".")[1]].lifecycle).toBeUndefined();
  });

  it("is a plain address string (never ${…}) and can follow outside resources", () => {
    const stack = new TerraformStack(Testing.app(), "s");
    const base = new IncusStorageVolumeResource(stack, "base", { name: "b", pool: "p" });
    const anchor = new GenerationAnchor(new Construct(stack, "vm"), "Generation");
    anchor.replaceWhenChanged(base);
    anchor.replaceWhenChanged(base);
    expect(anchor.address).toMatch(/^terraform_data\.vm_Generation_[0-9A-F]{8}$/);
    expect(resourceAddress(base)).toBe("incus_storage_volume.base");
    const json = JSON.parse(Testing.synth(stack));
    const synthesized = json.resource.terraform_data[anchor.address.split(".")[1]];
    expect(synthesized.lifecycle).toEqual({ replace_triggered_by: ["incus_storage_volume.base"] });
  });
});

describe("ownership marker", () => {
  it("is <stack>/<construct path>", () => {
    const stack = new TerraformStack(Testing.app(), "homelab");
    const db = new Construct(new Construct(stack, "app"), "db");
    expect(ownerMarker(db)).toBe("homelab/app/db");
    expect(incusOwnershipConfig(db)).toEqual({ "user.cdktf-virt.owner": "homelab/app/db" });
    expect(incusOwnershipConfig(db, true)).toEqual({ "user.cdktf-virt.owner": "homelab/app/db", "user.cdktf-virt.protect": "true" });
  });

  it("is carried in libvirt metadata in the cdktf-virt namespace, XML-escaped", () => {
    const stack = new TerraformStack(Testing.app(), "lab");
    const vm = new Construct(stack, "a&b<c>");
    expect(libvirtOwnerMetadataXml(vm)).toBe(
      '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">lab/a&amp;b&lt;c&gt;</cdktf-virt:owner>',
    );
  });
});
