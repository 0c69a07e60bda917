// The files of a new infra repository, rendered from the options: pure functions from values to text, so tests
// read exactly what `cdktf-virt init` writes. The pipeline files come from examples/gitops (see ci-files.ts).
import type { FrameworkProfile } from "./frameworks";
import { minNodeText } from "./frameworks";

/** A file to write, relative to the new repository's root. */
export interface GeneratedFile {
  readonly path: string;
  /** Text, or the bytes of a copied file (a vendored tarball). */
  readonly content: string | Uint8Array;
  /** @default 0o644 */
  readonly mode?: number;
}

export interface TemplateInput {
  readonly profile: FrameworkProfile;
  readonly stackName: string;
  /** npm spec of the cdktf-virt dependency. */
  readonly packageSpec: string;
}

/**
 * What `npm i -D typescript` installs (7.x, the native compiler). It only type-checks (`npm test`, and before every
 * synth): the app itself runs through Node's type stripping (cdktn) or tsx (cdktf, whose Node 20 has no stripping).
 */
export const TYPESCRIPT_RANGE = "^7.0.2";
export const TSX_RANGE = "^4.21.0";
/** What .gitignore keeps out: dependencies, synth output, Terraform's working files and local state. */
export const GITIGNORE_ENTRIES = [
  "node_modules",
  "cdktf.out",
  ".terraform",
  "*.tfstate",
  "*.tfstate.*",
  ".gen",
] as const;

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Every generated script runs its commands offline: no checkpoint call (and no red error without a network). */
const offline = (command: string): string => `CHECKPOINT_DISABLE=1 ${command}`;
/** Type errors stop a synth before anything runs: type stripping and tsx only remove the types. */
const TYPE_CHECK = "tsc --noEmit";

/**
 * `npm run destroy`: asks on a terminal; without one (a pipeline) it refuses with exit 1 unless CONFIRM_DESTROY=1,
 * because the CDK CLI stops there with exit 0, as if it had destroyed.
 */
export function destroyScript(cli: string): string {
  return (
    `if [ "$CONFIRM_DESTROY" = 1 ]; then ${offline(`${cli} destroy --auto-approve`)}; ` +
    `elif [ -t 0 ]; then ${offline(`${cli} destroy`)}; ` +
    `else echo "npm run destroy: no terminal to ask for approval; set CONFIRM_DESTROY=1 to destroy without asking" >&2; exit 1; fi`
  );
}

export function renderPackageJson({ profile, stackName, packageSpec }: TemplateInput): string {
  const cli = profile.cli.command;
  return json({
    name: stackName,
    version: "0.1.0",
    private: true,
    description: `Incus infrastructure deployed with cdktf-virt on ${profile.title}`,
    // No "type": Node decides per file, and main.ts runs as an ES module (see appCommand). "module" would work too:
    // the bundled providers under cdktf.out carry their own CommonJS package.json (lib/packaging/mirror.ts).
    scripts: {
      check: TYPE_CHECK,
      test: TYPE_CHECK,
      synth: `${TYPE_CHECK} && ${offline(`${cli} synth`)}`,
      plan: `${TYPE_CHECK} && ${offline(`${cli} plan`)}`,
      deploy: `${TYPE_CHECK} && ${offline(`${cli} deploy --auto-approve`)}`,
      destroy: destroyScript(cli),
      explain: `${TYPE_CHECK} && ${offline(`${cli} synth`)} && ${offline("cdktf-virt explain")}`,
    },
    engines: { node: `>=${minNodeText(profile)}` },
    dependencies: {
      "cdktf-virt": packageSpec,
      [profile.library.name]: profile.library.range,
      constructs: profile.constructs,
    },
    devDependencies: {
      "@types/node": profile.typesNode,
      [profile.cli.name]: profile.cli.range,
      ...(profile.runsTypeScript ? {} : { tsx: TSX_RANGE }),
      typescript: TYPESCRIPT_RANGE,
    },
  });
}

export function renderTsconfig({ profile }: TemplateInput): string {
  // Valid for TypeScript 5.9 and 7 (7 removed baseUrl and moduleResolution "node"). "preserve" checks imports as
  // written, as Node runs them (ES module syntax, package "exports"); erasableSyntaxOnly and verbatimModuleSyntax
  // reject what type stripping cannot run (enums, parameter properties, type imports without `import type`);
  // allowImportingTsExtensions lets main.ts import "./other.ts" as Node wants it written.
  const compilerOptions: Record<string, unknown> = {
    target: "ES2022",
    lib: ["ES2022"],
    module: "preserve",
    moduleResolution: "bundler",
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
    allowImportingTsExtensions: true,
    erasableSyntaxOnly: true,
    verbatimModuleSyntax: true,
  };
  if (profile.needsPathsMapping) {
    // cdktf-virt's declarations import their types from "cdktf"; in this app that is cdktn (same classes).
    compilerOptions.paths = { cdktf: [`./node_modules/${profile.library.name}`] };
  }
  return json({ compilerOptions, include: ["main.ts"] });
}

/**
 * How the CDK CLI runs main.ts: Node strips the types itself where its CLI's Node can (>= 22.18), else tsx's loader
 * in the app's own node process (`--import`, Node >= 20.6): `npx tsx` would start npx and then a second node, about
 * a second more per synth (bench/inner-loop.js). Node finds ES module syntax in main.ts and runs it as one; the
 * package has no "type" (see renderPackageJson), so Node would warn about that on every synth.
 */
export function appCommand(profile: FrameworkProfile): string {
  return profile.runsTypeScript
    ? "node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON main.ts"
    : "node --import tsx main.ts";
}

/** cdktf.json: cdktf-cli and cdktn-cli both read this file name, with the same keys. */
export function renderCdktfJson({ profile }: Pick<TemplateInput, "profile">): string {
  return json({
    language: "typescript",
    app: appCommand(profile),
    output: "cdktf.out",
    sendCrashReports: "false",
    terraformProviders: [],
    terraformModules: [],
    // New repositories get the behaviour existing stacks opt into (as AWS CDK's feature flags in cdk.json):
    // instances with a network keep their MAC, and so their DHCP lease, across rebuilds.
    context: { "cdktf-virt:stableMac": true },
  });
}

export function renderMainTs({ profile, stackName }: TemplateInput): string {
  return `// The infrastructure of this repository: one stack on the local Incus host. \`npm run deploy\` synthesizes it and
// applies it with terraform; the Incus provider ships inside cdktf-virt (no registry, no download).
import { App, TerraformStack } from "${profile.library.name}";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "cdktf-virt";

const app = new App();
${commented(
  `const stack = new TerraformStack(app, "${stackName}");`,
  `object names on the host start with "${stackName}-"`,
)}
const host = new IncusHost(stack, "lab", {});                                   // local unix socket by default
const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
// PERSISTENT: kept and re-attached when db is rebuilt, and never deleted by accident (prevent_destroy).
const data = new Volume(stack, "pgdata", { pool, size: "10GiB", lifecycle: VolumeLifecycle.PERSISTENT });
const image = process.env.INCUS_IMAGE ?? "images:debian/13";                     // an image alias on the host
const db = new Instance(stack, "db", { host, incus: { image, rootDisk: { pool, size: "8GiB" } } });
db.attach(data, { path: "/var/lib/postgresql", rebuildOnChange: true });        // a changed volume re-provisions db
app.synth();
`;
}

/** `code` with `// comment` at column 81 (the column of the other comments in main.ts), or two spaces after it. */
function commented(code: string, comment: string): string {
  return `${code.padEnd(78)}  // ${comment}`;
}

export function renderGitignore(): string {
  return `${GITIGNORE_ENTRIES.join("\n")}\n`;
}

export function renderReadme({ profile, stackName }: TemplateInput): string {
  const cli = profile.cli.command;
  const pathsNote = profile.needsPathsMapping
    ? `
## Why tsconfig.json maps "cdktf"
cdktf-virt's type declarations name their framework types after \`cdktf\`. This repository runs on cdktn, which has
the same classes, so \`tsconfig.json\` maps the name: \`"paths": { "cdktf": ["./node_modules/cdktn"] }\`. At run time
cdktf-virt loads whichever framework the app has installed. Keep the mapping; without it the types are wrong.
`
    : "";
  return `# ${stackName}

Infrastructure for [Incus](https://linuxcontainers.org/incus/), written in TypeScript with cdktf-virt on
${profile.title}. Everything is in \`main.ts\`.

## Deploy: one command
\`\`\`sh
npm run deploy                                  # synth + terraform apply, asks nothing; running it again changes nothing
INCUS_IMAGE=debian-13 npm run deploy            # use an image alias that exists on your host instead
\`\`\`
The first deploy creates a \`dir\` storage pool \`${stackName}-pool\`, a persistent volume \`${stackName}-pgdata\` and an
instance \`${stackName}-db\` with the volume at /var/lib/postgresql: \`incus list ${stackName}-\`.

## What to install
- Node.js >= ${minNodeText(profile)} and npm (\`npm install\` once, if \`cdktf-virt init\` did not run it).
- Terraform >= 1.5 on PATH. The Incus provider comes with cdktf-virt: \`terraform init\` needs no registry for it.
- Incus, running on this machine, and a user allowed to use its socket (root, or a member of \`incus-admin\`).
  \`INCUS_IMAGE\` (default \`images:debian/13\`) must be an image this host has or can download.

\`npx cdktf-virt doctor\` checks all of this and says how to fix what is missing.

## Commands
| command | what it does |
|---|---|
| \`npm test\` | type-checks \`main.ts\` (\`tsc --noEmit\`; also \`npm run check\`) |
| \`npm run synth\` | type-checks, then writes the Terraform JSON to \`cdktf.out/stacks/${stackName}\` |
| \`npm run plan\` | shows what a deploy would change |
| \`npm run explain\` | says in words what a deploy would do to each instance and to the data on its volumes |
| \`npm run deploy\` | \`${cli} deploy --auto-approve\` |
| \`npm run destroy\` | removes the stack: asks first on a terminal; without one (a pipeline) it fails unless \`CONFIRM_DESTROY=1\` is set |

Every script sets \`CHECKPOINT_DISABLE=1\`: no usage report to HashiCorp's checkpoint service, and no error when
there is no network. ${runNote(profile)}

## Data is protected
\`pgdata\` is PERSISTENT: when \`db\` is rebuilt it is detached, kept and attached again, and Terraform refuses to delete
it, so \`npm run destroy\` stops with an error while it exists. To really delete it: set \`protect: false\` on the
\`Volume\`, \`npm run deploy\` (an update in place: \`db\` is not rebuilt, although it has \`rebuildOnChange\`;
\`npm run explain\` says so before you deploy), then \`CONFIRM_DESTROY=1 npm run destroy\` (cdktf-virt's
docs/lifecycle.md has the steps for removing one volume).
${pathsNote}
## CI: plan, guard, deploy
\`ci/pipeline.sh\` synthesizes, plans, refuses any plan that would destroy a persistent volume
(\`cdktf-virt explain --guard\`, exit 2) and applies exactly the plan that passed. \`ci/github-actions.yml\` runs it
(copy it to \`.github/workflows/infra.yml\`; it wants a self-hosted runner next to the hosts, with terraform).
A pipeline needs a shared, locked state: the pipeline keeps it in PostgreSQL and requires \`PG_CONN_STR\`. Add the
backend to \`main.ts\` before using it (terraform reads the connection string from \`PG_CONN_STR\`, so the password
never lands in the synthesized JSON):
\`\`\`ts
import { App, PgBackend, TerraformStack } from "${profile.library.name}";
// after \`const stack = …\`:
new PgBackend(stack, { connStr: "", schemaName: "${pgSchema(stackName)}" }).addOverride("conn_str", undefined);
\`\`\`
Until then the state is the file \`terraform.${stackName}.tfstate\` here (never commit it); to move it into the
database, synth with the backend added and run \`terraform init -migrate-state\` in \`cdktf.out/stacks/${stackName}\`.
`;
}

/** How main.ts runs, for the README: the TypeScript it may use and why. */
function runNote(profile: FrameworkProfile): string {
  const runner = profile.runsTypeScript
    ? "Node runs `main.ts` itself (type stripping, Node >= 22.18)"
    : "`tsx` runs `main.ts` (its loader: `node --import tsx`)";
  return (
    `${runner} and \`tsc\` only checks the types, so the TypeScript that \`npm i -D typescript\` installs (7.x) is fine. ` +
    "`main.ts` runs as an ES module: use `import`, `import.meta.dirname` instead of `__dirname`, and " +
    "write local imports with their extension (`./net.ts`). Type stripping has no enums, parameter properties or " +
    "namespaces: tsconfig.json's `erasableSyntaxOnly` reports them."
  );
}

/** A PostgreSQL schema of its own for the stack's state: "lab-1" → "tfstate_lab_1". */
export function pgSchema(stackName: string): string {
  return `tfstate_${stackName.replace(/\W+/g, "_")}`;
}

/** Every file of the repository except the pipeline (ci-files.ts), in the order they are written. */
export function renderProjectFiles(input: TemplateInput): GeneratedFile[] {
  return [
    { path: "package.json", content: renderPackageJson(input) },
    { path: "tsconfig.json", content: renderTsconfig(input) },
    { path: "cdktf.json", content: renderCdktfJson(input) },
    { path: "main.ts", content: renderMainTs(input) },
    { path: ".gitignore", content: renderGitignore() },
    { path: "README.md", content: renderReadme(input) },
  ];
}
