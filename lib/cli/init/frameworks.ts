// The two CDK frameworks a new repository can be built on, and what each needs: the packages and ranges that
// install together with ONE copy of `constructs` for the app, the CLI's command name and the Node it runs on.
// Ranges were checked against the published packages (cdktf 0.21.0 / cdktf-cli 0.21.0, cdktn 0.24.0 /
// cdktn-cli 0.24.0): see docs/getting-started.md.

/** The frameworks `cdktf-virt init` can scaffold for (the same names as lib/framework.ts). */
export const INIT_FRAMEWORKS = ["cdktf", "cdktn"] as const;
export type InitFramework = (typeof INIT_FRAMEWORKS)[number];

export interface FrameworkProfile {
  readonly name: InitFramework;
  /** For messages and the generated README. */
  readonly title: string;
  /** The library the app imports `App` and `TerraformStack` from, and its range. */
  readonly library: { readonly name: string; readonly range: string };
  /** The command line package and the command it installs into node_modules/.bin. */
  readonly cli: { readonly name: string; readonly range: string; readonly command: string };
  /**
   * The app's `constructs`. cdktf 0.21 wants ^10.4.2 (cdktf-cli brings its own exact copy, nested under it);
   * cdktn 0.24 wants >=10.6.0 <10.8.0, so a plain ^10 range would resolve to 10.8 and break its peer range.
   */
  readonly constructs: string;
  /** Oldest Node the CLI runs on, as [major, minor]. */
  readonly minNode: readonly [number, number];
  /** @types/node for a Node major the CLI supports. */
  readonly typesNode: string;
  /** Node major the generated CI workflow sets up. */
  readonly ciNodeMajor: number;
  /**
   * True when every Node the CLI runs on runs main.ts itself (type stripping, on by default since Node 22.18), so
   * cdktf.json's app is `node main.ts`; else the app runs through tsx.
   */
  readonly runsTypeScript: boolean;
  /** True when cdktf-virt's declarations (written against "cdktf") need a tsconfig `paths` mapping. */
  readonly needsPathsMapping: boolean;
}

export const FRAMEWORK_PROFILES: Readonly<Record<InitFramework, FrameworkProfile>> = {
  cdktf: {
    name: "cdktf",
    title: "CDK for Terraform (HashiCorp cdktf)",
    library: { name: "cdktf", range: "^0.21.0" },
    cli: { name: "cdktf-cli", range: "^0.21.0", command: "cdktf" },
    constructs: "^10.4.2",
    // 20.6: `node --import` (the app runs through tsx's loader, see appCommand in templates.ts).
    minNode: [20, 6],
    typesNode: "^20",
    ciNodeMajor: 20,
    runsTypeScript: false,
    needsPathsMapping: false,
  },
  cdktn: {
    name: "cdktn",
    title: "CDK Terrain (cdktn, the community fork of cdktf)",
    library: { name: "cdktn", range: "^0.24.0" },
    cli: { name: "cdktn-cli", range: "^0.24.0", command: "cdktn" },
    constructs: "~10.7.0",
    minNode: [22, 19],
    typesNode: "^22",
    ciNodeMajor: 22,
    runsTypeScript: true,
    needsPathsMapping: true,
  },
};

/** [major, minor] of a Node version string such as "v22.19.0"; undefined when it is not one. */
export function nodeMajorMinor(version: string): [number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** True when Node `version` is at least the profile's minimum. */
export function nodeSupports(profile: FrameworkProfile, version: string): boolean {
  const v = nodeMajorMinor(version);
  if (!v) return false;
  const [major, minor] = profile.minNode;
  return v[0] > major || (v[0] === major && v[1] >= minor);
}

export function minNodeText(profile: FrameworkProfile): string {
  return `${profile.minNode[0]}.${profile.minNode[1]}`;
}

/**
 * The framework used when --framework is not given, and one line saying why: cdktn, the maintained fork, when
 * this Node can run its CLI; cdktf otherwise.
 */
export function defaultFramework(nodeVersion: string): { framework: InitFramework; reason: string } {
  const cdktn = FRAMEWORK_PROFILES.cdktn;
  if (nodeSupports(cdktn, nodeVersion)) {
    return {
      framework: "cdktn",
      reason: `Using cdktn (CDK Terrain): Node ${nodeVersion} runs cdktn-cli (it needs >= ${minNodeText(
        cdktn,
      )}); pass --framework cdktf for HashiCorp's cdktf.`,
    };
  }
  return {
    framework: "cdktf",
    reason: `Using cdktf (CDK for Terraform): cdktn-cli needs Node >= ${minNodeText(
      cdktn,
    )} and this is Node ${nodeVersion}; pass --framework cdktn on a newer Node.`,
  };
}
