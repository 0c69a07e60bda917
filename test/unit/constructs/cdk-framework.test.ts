// The constructs run on the framework the app uses: cdktf or CDK Terrain (cdktn). Each case loads the library
// afresh (jest.isolateModules) with CDKTF_VIRT_FRAMEWORK set, as an app with both installed would.
import { chooseFramework, FRAMEWORK_ENV } from "../../../lib/framework";
import type { TerraformJson } from "../../support/terraform-json";
import { errorOf } from "./support";

type Lib = typeof import("../../../lib");
type Framework = typeof import("cdktf");

/** Loads the framework package and the library in one fresh module registry, with the framework requested. */
function load(framework: "cdktf" | "cdktn", requested: string | undefined = framework): { fw: Framework; lib: Lib } {
  const saved = process.env[FRAMEWORK_ENV];
  let loaded: { fw: Framework; lib: Lib } | undefined;
  try {
    if (requested === undefined) delete process.env[FRAMEWORK_ENV];
    else process.env[FRAMEWORK_ENV] = requested;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = { fw: require(framework) as Framework, lib: require("../../../lib") as Lib };
    });
  } finally {
    if (saved === undefined) delete process.env[FRAMEWORK_ENV];
    else process.env[FRAMEWORK_ENV] = saved;
  }
  return loaded!;
}

/** The README's stack, synthesized with the given framework's App and Testing. */
function synthReadmeStack({ fw, lib }: { fw: Framework; lib: Lib }): TerraformJson {
  const stack = new fw.TerraformStack(fw.Testing.app(), "lab");
  const host = new lib.IncusHost(stack, "lab", {});
  const pool = new lib.StoragePool(stack, "pool", { host, driver: "dir" });
  const data = new lib.Volume(stack, "pgdata", { pool, size: "10GiB" });
  const scratch = new lib.Volume(stack, "scratch", { pool, size: "2GiB", lifecycle: lib.VolumeLifecycle.EPHEMERAL });
  const db = new lib.Instance(stack, "db", { host, image: "debian-13", rootDisk: { pool, size: "8GiB" } });
  db.attach(data, { path: "/var/lib/postgresql", rebuildOnChange: true });
  db.attach(scratch, { path: "/scratch" });
  const json = JSON.parse(fw.Testing.synth(stack, true));
  delete json["//"]; // framework name and version
  return json;
}

describe("framework choice", () => {
  test("CDKTF_VIRT_FRAMEWORK wins, and must name an installed framework", () => {
    expect(chooseFramework({ requested: "cdktn", installed: ["cdktf", "cdktn"], loaded: ["cdktf"] })).toBe("cdktn");
    expect(errorOf(() => chooseFramework({ requested: "cdktn", installed: ["cdktf"], loaded: [] }))).toMatch(
      /CDKTF_VIRT_FRAMEWORK="cdktn" but the package "cdktn" is not installed/,
    );
    expect(errorOf(() => chooseFramework({ requested: "cdk", installed: ["cdktf"], loaded: [] }))).toMatch(
      /"cdk" is not a framework; use "cdktf" or "cdktn"/,
    );
  });

  test("the framework the app already loaded, else the only one installed, else cdktf", () => {
    expect(chooseFramework({ installed: ["cdktf", "cdktn"], loaded: ["cdktn"] })).toBe("cdktn");
    expect(chooseFramework({ installed: ["cdktn"], loaded: [] })).toBe("cdktn");
    expect(chooseFramework({ installed: ["cdktf"], loaded: [] })).toBe("cdktf");
    expect(chooseFramework({ installed: ["cdktf", "cdktn"], loaded: [] })).toBe("cdktf");
  });

  test("no framework installed: the error says what to install", () => {
    const message = errorOf(() => chooseFramework({ installed: [], loaded: [] }));
    expect(message).toMatch(/no CDK framework is installed/);
    expect(message).toMatch(/npm install cdktf@\^0\.21 constructs@\^10/);
    expect(message).toMatch(/npm install cdktn@\^0\.24/);
  });
});

describe("constructs on cdktf and on cdktn", () => {
  test("the library's resources are instances of the framework the app uses", () => {
    for (const name of ["cdktf", "cdktn"] as const) {
      const { fw, lib } = load(name);
      const stack = new fw.TerraformStack(fw.Testing.app(), "s");
      new lib.IncusHost(stack, "lab", {});
      const resources = stack.node.findAll().filter((c) => c instanceof fw.TerraformProvider);
      expect(resources.length).toBeGreaterThan(0);
    }
  });

  test("the same stack synthesizes to the same Terraform JSON on both (same addresses: migrating plans nothing)", () => {
    const onCdktf = synthReadmeStack(load("cdktf"));
    const onCdktn = synthReadmeStack(load("cdktn"));
    expect(Object.keys(onCdktf.resource).sort()).toEqual([
      "incus_instance",
      "incus_storage_pool",
      "incus_storage_volume",
      "terraform_data",
    ]);
    expect(onCdktn).toEqual(onCdktf);
  });

  test("a stack from the other framework than the library loaded is a clear error, not a crash in synthesis", () => {
    const { lib } = load("cdktf");
    const { fw: cdktn } = load("cdktn", "cdktn");
    const stack = new cdktn.TerraformStack(cdktn.Testing.app(), "mixed");
    expect(errorOf(() => new lib.IncusHost(stack, "lab", {}))).toMatch(
      /the stack "mixed" comes from another copy of the CDK framework than the one cdktf-virt uses \(cdktf, .*npm ls cdktf cdktn constructs/,
    );
  });
});
