// app.synth() resolves a stack twice (prepareStack, then the write). Values produced at synthesis are computed once
// and reused by the write, unless aspects (which run between the two passes) may have changed the tree.
jest.mock("../../../lib/packaging", () => {
  const actual = jest.requireActual("../../../lib/packaging");
  return { ...actual, prepareWorkingDirectory: jest.fn(() => []) };
});

import { App, Aspects, TerraformStack } from "cdktf";
import type { IAspect } from "cdktf";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { IConstruct } from "constructs";
import { IncusHost, Instance, StoragePool, Volume } from "../../../lib";
import { TerraformDataResource } from "../../../lib/bindings";
import type { TerraformJson } from "../../support/terraform-json";

let outdir: string;
beforeEach(() => (outdir = fs.mkdtempSync(path.join(os.tmpdir(), "cdktf-virt-passes-"))));
afterEach(() => fs.rmSync(outdir, { recursive: true, force: true }));

function written(stack: TerraformStack): TerraformJson {
  return JSON.parse(fs.readFileSync(path.join(outdir, "stacks", stack.node.id, "cdk.tf.json"), "utf8"));
}

function stackWithInstance() {
  const app = new App({ outdir });
  const stack = new TerraformStack(app, "homelab");
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  const web = new Instance(stack, "web", { host, incus: { image: "images:debian/12" } });
  const data = new Volume(stack, "data", { pool, size: "1GiB" });
  return { app, stack, web, data };
}

/** A terraform_data whose lifecycle block is produced at synthesis, counting how often it is produced. */
function countedLifecycle(stack: TerraformStack) {
  const counted = { calls: 0 };
  const resource = new TerraformDataResource(stack, "counted", {});
  resource.setLifecycleProducer(() => {
    counted.calls++;
    return { createBeforeDestroy: true };
  });
  return counted;
}

describe("values produced at synthesis", () => {
  it("are produced once per app.synth() and written as produced", () => {
    const { app, stack } = stackWithInstance();
    const counted = countedLifecycle(stack);
    app.synth();
    expect(counted.calls).toBe(1);
    expect(written(stack).resource.terraform_data.counted.lifecycle).toEqual({ create_before_destroy: true });
  });

  it("are produced again by the next synth, which sees what changed since", () => {
    const { app, stack, web, data } = stackWithInstance();
    app.synth();
    expect(written(stack).resource.incus_instance.web.lifecycle).toBeUndefined();
    web.attach(data, { path: "/data", rebuildOnChange: true });
    app.synth();
    expect(written(stack).resource.incus_instance.web.lifecycle.replace_triggered_by).toContain(
      "incus_storage_volume.data.name",
    );
  });

  it("are produced again for the write when the stack has aspects, which may change the tree in between", () => {
    const { app, stack, web, data } = stackWithInstance();
    const counted = countedLifecycle(stack);
    const attachData: IAspect = {
      visit: (node: IConstruct) => {
        if (node === web) web.attach(data, { path: "/data", rebuildOnChange: true });
      },
    };
    Aspects.of(stack).add(attachData);
    app.synth();
    const instance = written(stack).resource.incus_instance.web;
    expect(instance.device.map((d: { name: string }) => d.name)).toContain("data");
    expect(instance.lifecycle?.replace_triggered_by).toContain("incus_storage_volume.data.name");
    expect(counted.calls).toBe(2);
  });
});
