// The CDK framework the user's app runs on: HashiCorp's cdktf (0.20, 0.21) or its community fork CDK Terrain
// (cdktn 0.24+). Both have the same classes. They are peer dependencies, never our own copies: our resources must
// be instances of the very module the user's App and TerraformStack come from, or synthesis fails deep inside the
// framework (e.g. "_resetResolveDiscoveredProviderFeatureUsage is not a function").
//
// Every value we take from the framework comes through this module; types are written against cdktf's
// declarations (a cdktn app maps "cdktf" to cdktn in its tsconfig `paths`, as `cdktf-virt init` writes it).
import type * as Cdktf from "cdktf";
import type { IConstruct } from "constructs";

/** The framework packages cdktf-virt can run on, in the order they are preferred when both are installed. */
export const FRAMEWORK_PACKAGES = ["cdktf", "cdktn"] as const;
export type FrameworkPackage = (typeof FRAMEWORK_PACKAGES)[number];

/** Environment variable that names the framework when an app has both installed. */
export const FRAMEWORK_ENV = "CDKTF_VIRT_FRAMEWORK";

/** What the choice is made from; a parameter so the rule can be tested without installing packages. */
export interface FrameworkCandidates {
  /** CDKTF_VIRT_FRAMEWORK, if set. */
  readonly requested?: string;
  /** Packages that resolve from this package's location (the user's node_modules). */
  readonly installed: readonly FrameworkPackage[];
  /** Installed packages that the app has already loaded (its own `import ... from "cdktf"` ran first). */
  readonly loaded: readonly FrameworkPackage[];
}

/**
 * Picks the framework: the one CDKTF_VIRT_FRAMEWORK names, else the one the app already loaded, else the only
 * one installed, else cdktf. Throws with what to install when there is none.
 */
export function chooseFramework(candidates: FrameworkCandidates): FrameworkPackage {
  const { requested, installed, loaded } = candidates;
  if (requested !== undefined && requested !== "") {
    if (!(FRAMEWORK_PACKAGES as readonly string[]).includes(requested)) {
      throw new Error(`cdktf-virt: ${FRAMEWORK_ENV}="${requested}" is not a framework; use "cdktf" or "cdktn".`);
    }
    const pkg = requested as FrameworkPackage;
    if (!installed.includes(pkg)) {
      throw new Error(
        `cdktf-virt: ${FRAMEWORK_ENV}="${pkg}" but the package "${pkg}" is not installed. ${INSTALL_HINT}`,
      );
    }
    return pkg;
  }
  if (installed.length === 0) {
    throw new Error(`cdktf-virt: no CDK framework is installed. ${INSTALL_HINT}`);
  }
  const firstLoaded = FRAMEWORK_PACKAGES.find((pkg) => loaded.includes(pkg) && installed.includes(pkg));
  if (firstLoaded) return firstLoaded;
  return FRAMEWORK_PACKAGES.find((pkg) => installed.includes(pkg))!;
}

const INSTALL_HINT =
  "cdktf-virt is a construct library for one of: " +
  '"npm install cdktf@^0.21 constructs@^10" (CDK for Terraform) or ' +
  '"npm install cdktn@^0.24 constructs@^10.6" (CDK Terrain). ' +
  "Install them in your app, next to cdktf-virt.";

function resolveFrom(pkg: string): string | undefined {
  try {
    return require.resolve(pkg);
  } catch {
    return undefined;
  }
}

function loadFramework(): { name: FrameworkPackage; file: string; module: typeof Cdktf } {
  const resolved = new Map<FrameworkPackage, string>();
  for (const pkg of FRAMEWORK_PACKAGES) {
    const file = resolveFrom(pkg);
    if (file !== undefined) resolved.set(pkg, file);
  }
  const loaded = [...resolved].filter(([, file]) => require.cache[file] !== undefined).map(([pkg]) => pkg);
  const name = chooseFramework({ requested: process.env[FRAMEWORK_ENV], installed: [...resolved.keys()], loaded });
  const file = resolved.get(name)!;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package is chosen at run time, by file
  return { name, file, module: require(file) as typeof Cdktf };
}

const framework = loadFramework();

/** The package the constructs were loaded from ("cdktf" or "cdktn"). */
export const frameworkName: FrameworkPackage = framework.name;
/** The file the framework was loaded from. */
export const frameworkFile: string = framework.file;

/* The values the library uses; each also names its instance type, so `extends TerraformResource` and
   `x: TerraformStack` keep cdktf's exact types. */
export const TerraformStack: typeof Cdktf.TerraformStack = framework.module.TerraformStack;
export type TerraformStack = Cdktf.TerraformStack;
export const TerraformResource: typeof Cdktf.TerraformResource = framework.module.TerraformResource;
export type TerraformResource = Cdktf.TerraformResource;
export const TerraformDataSource: typeof Cdktf.TerraformDataSource = framework.module.TerraformDataSource;
export type TerraformDataSource = Cdktf.TerraformDataSource;
export const TerraformProvider: typeof Cdktf.TerraformProvider = framework.module.TerraformProvider;
export type TerraformProvider = Cdktf.TerraformProvider;
export const Token: typeof Cdktf.Token = framework.module.Token;
export type Token = Cdktf.Token;
export const Tokenization: typeof Cdktf.Tokenization = framework.module.Tokenization;
export type Tokenization = Cdktf.Tokenization;
export const Lazy: typeof Cdktf.Lazy = framework.module.Lazy;
export type Lazy = Cdktf.Lazy;
export const Annotations: typeof Cdktf.Annotations = framework.module.Annotations;
export type Annotations = Cdktf.Annotations;
export const Aspects: typeof Cdktf.Aspects = framework.module.Aspects;
export type Aspects = Cdktf.Aspects;

/**
 * The stack `scope` belongs to, checked to come from the same framework module as our resources. cdktf and cdktn
 * recognise each other's stacks (one global symbol), so a second copy is only noticed deep in synthesis; say here
 * what is wrong instead.
 */
export function stackOf(scope: IConstruct): TerraformStack {
  const stack: IConstruct = TerraformStack.of(scope);
  if (stack instanceof TerraformStack) return stack;
  throw new Error(
    `cdktf-virt: the stack "${stack.node.path}" comes from another copy of the CDK framework than the one ` +
      `cdktf-virt uses (${frameworkName}, ${frameworkFile}). An app and cdktf-virt must share one copy: ` +
      `run \`npm ls cdktf cdktn constructs\` and remove the extra one; with both cdktf and cdktn installed, set ` +
      `${FRAMEWORK_ENV} to the one your app imports.`,
  );
}
