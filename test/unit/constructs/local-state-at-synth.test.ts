// `cdktf deploy` synthesizes before terraform runs: a local state file a killed terraform cut short is replaced
// there by Terraform's backup, with a warning on the stack, so the deploy converges instead of refusing to start.
jest.mock("../../../lib/packaging", () => {
  const actual = jest.requireActual("../../../lib/packaging");
  return { ...actual, prepareWorkingDirectory: jest.fn(() => []) };
});

import { App, LocalBackend, S3Backend, TerraformStack } from "cdktf";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncusHost, StoragePool } from "../../../lib";

const STATE = JSON.stringify({ version: 4, serial: 3, lineage: "l", resources: [] });
const CUT = JSON.stringify({ version: 4, serial: 4, lineage: "l", resources: [{ type: "incus_instance" }] }).slice(
  0,
  50,
);

let root: string;
beforeEach(() => (root = mkdtempSync(join(tmpdir(), "cdktf-virt-state-at-synth-"))));
afterEach(() => {
  delete process.env.TF_WORKSPACE;
  rmSync(root, { recursive: true, force: true });
});

function synth(backend: (stack: TerraformStack) => void): { warnings: string[] } {
  const outdir = join(root, "cdktf.out");
  const app = new App({ outdir, stackTraces: false });
  const stack = new TerraformStack(app, "lab");
  new StoragePool(stack, "pool", { host: new IncusHost(stack, "local") });
  backend(stack);
  app.synth();
  const manifest = JSON.parse(readFileSync(join(outdir, "manifest.json"), "utf8"));
  const annotations: { level: string; message: string }[] = manifest.stacks.lab.annotations;
  return { warnings: annotations.filter((a) => a.level === "@cdktf/warn").map((a) => a.message) };
}

function plant(statePath: string): void {
  writeFileSync(statePath, CUT);
  writeFileSync(`${statePath}.backup`, STATE);
}

const keptFiles = (dir: string, base: string) => readdirSync(dir).filter((f) => f.startsWith(`${base}.cut-`));

describe("a local state file cut short, at synth", () => {
  it("is replaced by Terraform's backup and kept beside it, and a warning on the stack says so", () => {
    const statePath = join(root, "terraform.lab.tfstate");
    plant(statePath);
    const { warnings } = synth((stack) => new LocalBackend(stack, { path: statePath }));
    expect(readFileSync(statePath, "utf8")).toBe(STATE);
    const kept = keptFiles(root, "terraform.lab.tfstate");
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(root, kept[0]), "utf8")).toBe(CUT);
    expect(warnings).toEqual([
      expect.stringContaining(`The local state file ${statePath} could not be read: not JSON`),
    ]);
    expect(warnings[0]).toContain(`restored Terraform's backup of the state this stack had before that run`);
    expect(warnings[0]).toContain(join(root, kept[0]));

    // The next synth finds a readable state and changes nothing.
    expect(synth((stack) => new LocalBackend(stack, { path: statePath })).warnings).toEqual([]);
    expect(keptFiles(root, "terraform.lab.tfstate")).toHaveLength(1);
  });

  it("takes a relative path from the stack's directory, where terraform runs", () => {
    const stateDir = join(root, "cdktf.out", "stacks", "lab", "state");
    mkdirSync(stateDir, { recursive: true });
    plant(join(stateDir, "lab.tfstate"));
    synth((stack) => new LocalBackend(stack, { path: "state/lab.tfstate" }));
    expect(readFileSync(join(stateDir, "lab.tfstate"), "utf8")).toBe(STATE);
  });

  it("is left alone when another workspace is selected (its state is another file)", () => {
    const statePath = join(root, "terraform.lab.tfstate");
    plant(statePath);
    process.env.TF_WORKSPACE = "staging";
    expect(synth((stack) => new LocalBackend(stack, { path: statePath })).warnings).toEqual([]);
    expect(readFileSync(statePath, "utf8")).toBe(CUT);
  });

  it("is no concern of a stack on another backend", () => {
    const statePath = join(root, "terraform.lab.tfstate");
    plant(statePath);
    synth((stack) => new S3Backend(stack, { bucket: "b", key: "k", region: "r" }));
    expect(readFileSync(statePath, "utf8")).toBe(CUT);
    expect(existsSync(`${statePath}.backup`)).toBe(true);
    expect(keptFiles(root, "terraform.lab.tfstate")).toEqual([]);
  });
});
