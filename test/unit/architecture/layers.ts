// The layers of lib/ and what each may import (docs/architecture.md draws the same picture). A file belongs to the
// layer with the longest matching prefix; a file may always import files of its own layer and of floor 1.

export interface Layer {
  /** Folder ("lib/incus/") or single file ("lib/framework.ts"), relative to the repository root. */
  readonly prefixes: readonly string[];
  /** Names of the other layers its files may import. */
  readonly mayImport: readonly string[];
  /** Packages its files may not import, even for types: what the layer must know nothing of. */
  readonly forbiddenPackages?: readonly string[];
}

/** The CDK (cdktf or cdktn and the constructs base classes): only what runs inside the user's app may know it. */
const CDK = ["cdktf", "cdktn", "constructs"];
/** What talks to a daemon or another process: never inside what runs at synth. */
const DAEMON_ACCESS = ["undici", "node:child_process", "node:net", "node:http", "node:https", "node:http2", "node:tls"];

export const FLOOR = "floor 1";

export const LAYERS: { readonly [name: string]: Layer } = {
  // What the constructs record and the providers and tooling read: keys, removal policies, names. Imports nothing.
  [FLOOR]: {
    prefixes: [
      "lib/records/",
      "lib/config-keys.ts",
      "lib/removal-policy.ts",
      "lib/remote-names.ts",
      "lib/closest-names.ts",
    ],
    mayImport: [],
    forbiddenPackages: [...CDK, ...DAEMON_ACCESS],
  },
  // Loads cdktf or cdktn, whichever the user's app runs on.
  "cdk framework": { prefixes: ["lib/framework.ts"], mayImport: [] },
  "package facts": { prefixes: ["lib/packaging/"], mayImport: [], forbiddenPackages: CDK },

  // The app side: constructs → lifecycle → bindings → Terraform JSON.
  bindings: { prefixes: ["lib/bindings/"], mayImport: ["cdk framework"], forbiddenPackages: DAEMON_ACCESS },
  lifecycle: {
    prefixes: ["lib/lifecycle/"],
    mayImport: ["bindings", "cdk framework"],
    forbiddenPackages: DAEMON_ACCESS,
  },
  // The props, interfaces and enums of the constructs and the error they throw: what users write and the builders
  // read. Names no construct class (HostClasses lets a host class fill in its type).
  "construct model": {
    prefixes: ["lib/constructs/model/"],
    mayImport: ["lifecycle"],
    forbiddenPackages: DAEMON_ACCESS,
  },
  "construct helpers": {
    prefixes: ["lib/constructs/private/"],
    mayImport: ["construct model", "lifecycle", "bindings", "cdk framework", "package facts"],
    forbiddenPackages: DAEMON_ACCESS,
  },
  constructs: {
    prefixes: ["lib/constructs/", "lib/index.ts"],
    mayImport: ["construct helpers", "construct model", "lifecycle", "bindings", "cdk framework", "package facts"],
    forbiddenPackages: DAEMON_ACCESS,
  },

  // The trust anchors for CA-signed servers (node's roots plus NODE_EXTRA_CA_CERTS): Incus remotes and libvirt
  // volume downloads verify with the same ones.
  "system trust": { prefixes: ["lib/system-trust.ts"], mayImport: [], forbiddenPackages: CDK },

  // The daemon clients: know their daemon, nothing of Terraform or the CDK.
  "incus client": { prefixes: ["lib/incus/"], mayImport: ["system trust"], forbiddenPackages: CDK },
  "libvirt client": { prefixes: ["lib/libvirt/"], mayImport: [], forbiddenPackages: CDK },

  // The provider side: terraform → plugin → cty → framework → resources → clients.
  "provider plugin": { prefixes: ["lib/provider/plugin/"], mayImport: [], forbiddenPackages: CDK },
  "provider cty": { prefixes: ["lib/provider/cty/"], mayImport: [], forbiddenPackages: CDK },
  "provider framework": {
    prefixes: ["lib/provider/framework/"],
    mayImport: ["provider plugin", "provider cty"],
    forbiddenPackages: CDK,
  },
  "incus provider": {
    prefixes: ["lib/provider/incus/"],
    mayImport: ["provider framework", "provider plugin", "provider cty", "incus client"],
    forbiddenPackages: CDK,
  },
  "libvirt provider": {
    prefixes: ["lib/provider/libvirt/"],
    mayImport: ["provider framework", "provider plugin", "provider cty", "libvirt client", "system trust"],
    forbiddenPackages: CDK,
  },

  // bin/cdktf-virt: reads what the constructs recorded, asks the daemons, never builds constructs itself.
  tooling: {
    prefixes: ["lib/tooling/"],
    mayImport: ["incus client", "libvirt client", "package facts", "cdk framework"],
  },
  cli: {
    prefixes: ["lib/cli/"],
    mayImport: ["tooling", "package facts", "incus client", "libvirt client", "cdk framework"],
  },
};

/** Packages only one layer may load at run time; the others import only their types. */
export const LOADED_ONLY_BY: { readonly [pkg: string]: string } = {
  // The user's app runs on cdktf or on cdktn: lib/framework.ts picks the one installed.
  cdktf: "cdk framework",
  cdktn: "cdk framework",
};

/** The name of the layer a file belongs to, or undefined when no layer claims it. */
export function layerOf(file: string): string | undefined {
  let best: { name: string; length: number } | undefined;
  for (const [name, layer] of Object.entries(LAYERS)) {
    for (const prefix of layer.prefixes) {
      const matches = prefix.endsWith("/") ? file.startsWith(prefix) : file === prefix;
      if (matches && (best === undefined || prefix.length > best.length)) best = { name, length: prefix.length };
    }
  }
  return best?.name;
}
