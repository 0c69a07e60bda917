// Reading synthesized stacks: resources with lifecycle and metadata, providers, references, and finding the stack
// a path names.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { locateStackDir, parseSynthesizedStack, readSynthesizedStack } from "../../../lib/tooling";
import { referencedAddresses, resourceAddressOf, soleReference } from "../../../lib/tooling/stack/references";
import { FIXTURES, homelabStack } from "./support/plans";

describe("parseSynthesizedStack", () => {
  const stack = homelabStack();

  test("reads resources with their lifecycle, construct path and provider", () => {
    const db = stack.resources.find((r) => r.address === "incus_instance.db")!;
    expect(db).toMatchObject({
      type: "incus_instance",
      name: "db",
      constructPath: "homelab/db/Default",
      preventDestroy: true,
      replaceTriggeredBy: ["incus_storage_volume.pgdata", "terraform_data.db_Generation_FCAF079D"],
    });
    expect(db.attributes).not.toHaveProperty("lifecycle");
    expect(db.attributes).not.toHaveProperty("//");
    expect(stack.resources.find((r) => r.address === "libvirt_domain.vm")!.provider).toBe("libvirt");
  });

  test("reads provider configurations with their source", () => {
    expect(stack.providers.map((p) => [p.type, p.alias, p.source])).toEqual([
      ["incus", undefined, "registry.cdktf-virt.local/cdktf-virt/incus"],
      ["libvirt", undefined, "registry.cdktf-virt.local/cdktf-virt/libvirt"],
    ]);
    expect(stack.providers[0].attributes.remote).toEqual([{ address: "unix://", name: "lab" }]);
  });

  test("rejects what is not a Terraform JSON configuration", () => {
    expect(() => parseSynthesizedStack([], "x.json")).toThrow(/x\.json: not a Terraform JSON configuration/);
    expect(() => parseSynthesizedStack({ resource: { t_x: "no" } }, "x.json")).toThrow(
      /resource\.t_x must be an object/,
    );
  });
});

describe("references", () => {
  test("finds resource references inside interpolations only", () => {
    expect(
      referencedAddresses([
        "${incus_storage_pool.pool.name}",
        { a: "x-${libvirt_volume.base.path}-${var.x}" },
        "incus_x.y",
      ]),
    ).toEqual(["incus_storage_pool.pool", "libvirt_volume.base"]);
    expect(soleReference("${incus_storage_volume.v.name}")).toEqual({
      address: "incus_storage_volume.v",
      attribute: "name",
    });
    expect(soleReference("prefix-${incus_storage_volume.v.name}")).toBeUndefined();
    expect(resourceAddressOf("incus_instance.db.name")).toBe("incus_instance.db");
    expect(resourceAddressOf("terraform_data.a")).toBe("terraform_data.a");
  });
});

describe("locateStackDir", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-locate-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("accepts a file, a stack directory or an app directory with one stack", () => {
    const stackDir = path.join(dir, "cdktf.out", "stacks", "homelab");
    fs.mkdirSync(stackDir, { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, "homelab", "cdk.tf.json"), path.join(stackDir, "cdk.tf.json"));
    expect(locateStackDir(path.join(stackDir, "cdk.tf.json"))).toBe(stackDir);
    expect(locateStackDir(stackDir)).toBe(stackDir);
    expect(locateStackDir(dir)).toBe(stackDir);
    expect(locateStackDir(dir, "homelab")).toBe(stackDir);
    expect(() => locateStackDir(dir, "nope")).toThrow(/has no stack "nope"; it has: homelab/);
    expect(readSynthesizedStack(path.join(stackDir, "cdk.tf.json")).resources.length).toBeGreaterThan(5);
  });

  test("says to run cdktf synth when there is nothing", () => {
    expect(() => locateStackDir(dir)).toThrow(/holds no synthesized stack.*Run `cdktf synth`/s);
    expect(() => readSynthesizedStack(path.join(dir, "cdk.tf.json"))).toThrow(
      /cannot read the synthesized stack .*Run `cdktf synth` first/,
    );
  });
});
