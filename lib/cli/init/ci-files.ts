// The GitOps pipeline of a new repository: examples/gitops/pipeline.sh and github-actions.yml, read from the
// installed package (package.json "files" ships them) and fitted to the new repository — it lives in ci/, its stack
// has another name, and a cdktn app runs the `cdktn` command on Node 22. Every edit must find its text exactly
// once: when the example changes, init fails loudly (and the unit tests with it) instead of writing a pipeline
// that silently does something else.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../packaging";
import type { FrameworkProfile } from "./frameworks";
import type { GeneratedFile } from "./templates";

/** Where the pipeline files come from, relative to the package root (also listed in package.json "files"). */
export const PIPELINE_SOURCES = {
  pipeline: "examples/gitops/pipeline.sh",
  workflow: "examples/gitops/github-actions.yml",
} as const;

/** The example's stack name, replaced by the new repository's. */
const EXAMPLE_STACK = "cdktf-virt-homelab";

interface Edit {
  readonly from: string;
  readonly to: string;
}

/** Replaces `from` by `to`; throws unless `from` occurs exactly `count` times. */
export function replaceExactly(text: string, edit: Edit, count: number, source: string): string {
  const parts = text.split(edit.from);
  if (parts.length - 1 !== count) {
    throw new Error(
      `${source} no longer has ${count === 1 ? "the line" : `${count} copies of`} ${JSON.stringify(edit.from)} ` +
        `(found ${parts.length - 1}); lib/cli/init/ci-files.ts must be updated to match it`,
    );
  }
  return parts.join(edit.to);
}

export function fitPipeline(
  text: string,
  profile: FrameworkProfile,
  stackName: string,
  source = PIPELINE_SOURCES.pipeline,
): string {
  const edits: [Edit, number][] = [
    [
      {
        from: "#!/usr/bin/env bash\n",
        to: `#!/usr/bin/env bash\n# From cdktf-virt's ${source}, written by \`cdktf-virt init\`.\n`,
      },
      1,
    ],
    [{ from: `stack name (default: ${EXAMPLE_STACK})`, to: `stack name (default: ${stackName})` }, 1],
    [
      {
        from: "the cdktf app directory (default: this directory)",
        to: "the cdktf app directory (default: the directory above ci/)",
      },
      1,
    ],
    [{ from: `STACK="\${STACK:-${EXAMPLE_STACK}}"`, to: `STACK="\${STACK:-${stackName}}"` }, 1],
    [{ from: 'APP_DIR="${APP_DIR:-$here}"', to: 'APP_DIR="${APP_DIR:-$(dirname "$here")}"' }, 1],
  ];
  if (profile.cli.command !== "cdktf") {
    edits.push([{ from: "npx --no-install cdktf synth", to: `npx --no-install ${profile.cli.command} synth` }, 1]);
  }
  return edits.reduce((out, [edit, count]) => replaceExactly(out, edit, count, source), text);
}

export function fitWorkflow(
  text: string,
  profile: FrameworkProfile,
  stackName: string,
  source = PIPELINE_SOURCES.workflow,
): string {
  const edits: [Edit, number][] = [
    [
      {
        from: "# GitHub Actions workflow for a cdktf-virt infra repository",
        to: `# From cdktf-virt's ${source}, written by \`cdktf-virt init\`.\n# GitHub Actions workflow for a cdktf-virt infra repository`,
      },
      1,
    ],
    [{ from: `STACK: ${EXAMPLE_STACK}`, to: `STACK: ${stackName}` }, 1],
    [{ from: "run: ./pipeline.sh ", to: "run: ci/pipeline.sh " }, 2],
    [{ from: "node-version: 20\n", to: `node-version: ${profile.ciNodeMajor}\n` }, 2],
  ];
  return edits.reduce((out, [edit, count]) => replaceExactly(out, edit, count, source), text);
}

/** ci/pipeline.sh (executable) and ci/github-actions.yml for the new repository. */
export function renderCiFiles(
  profile: FrameworkProfile,
  stackName: string,
  root: string = packageRoot(),
): GeneratedFile[] {
  const read = (path: string): string => {
    try {
      return readFileSync(join(root, path), "utf8");
    } catch (err) {
      throw new Error(
        `cannot read ${path} from the cdktf-virt package at ${root} (${(err as Error).message}); reinstall cdktf-virt`,
      );
    }
  };
  return [
    { path: "ci/pipeline.sh", content: fitPipeline(read(PIPELINE_SOURCES.pipeline), profile, stackName), mode: 0o755 },
    { path: "ci/github-actions.yml", content: fitWorkflow(read(PIPELINE_SOURCES.workflow), profile, stackName) },
  ];
}
