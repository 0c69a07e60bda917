// Per-stack state shared by all cdktf-virt constructs of a stack: the single incus provider (one `remote` block
// per IncusHost), the libvirt providers, and the hook that prepares the stack's working directory at synthesis: the
// bundled providers copied next to the synthesized stack so `cdktf deploy` finds them with no manual step, and a
// local state file cut short by a killed terraform replaced by Terraform's backup (local-state-at-synth.ts). It also
// tells the stack's synthesis memo (bindings/synthesis-memo.ts) when the stack is prepared and written.
import * as path from "path";
import { Aspects, stackOf } from "../../framework";
import type { TerraformStack } from "../../framework";
import type { ISynthesisSession } from "cdktf";
import { Construct } from "constructs";
import type { IConstruct } from "constructs";
import { IncusProvider, LibvirtProvider } from "../../bindings";
import { beginPreparation, beginWrite, endSynthesis } from "../../bindings/synthesis-memo";
import { prepareWorkingDirectory, providerSource, PROVIDER_VERSION } from "../../packaging";
import { recoverLocalStateOf } from "./local-state-at-synth";

const CONTEXT_ID = "CdktfVirt";

// Each stack's context, found without a lookup among the stack's children: constructs ask for it once each.
const contexts = new WeakMap<TerraformStack, StackContext>();

/** Where the incus provider comes from. */
export interface IncusProviderChoice {
  /** "bundled" (shipped in this package) or "official" (lxc/incus from a registry or mirror). */
  readonly source: "bundled" | "official";
  /** Version constraint for the official provider. */
  readonly version?: string;
}

export class StackContext extends Construct {
  /** The context of the stack `scope` belongs to (created on first use). */
  public static of(scope: IConstruct): StackContext {
    const stack = stackOf(scope);
    const known = contexts.get(stack);
    if (known) return known;
    const existing = stack.node.tryFindChild(CONTEXT_ID);
    const context = existing instanceof StackContext ? existing : new StackContext(stack);
    contexts.set(stack, context);
    return context;
  }

  private incus?: { provider: IncusProvider; choice: IncusProviderChoice; firstHost: string };
  private readonly libvirtProviders: LibvirtProvider[] = [];
  private readonly bundledTypes = new Set<string>();
  private readonly remoteOwners = new Map<string, string>();
  private readonly objectNameOwners = new Map<string, string>();

  private constructor(private readonly stack: TerraformStack) {
    super(stack, CONTEXT_ID);
    this.prepareWorkingDirectoryAtSynthesis();
    this.markPreparation();
  }

  /** The stack's incus provider; every IncusHost must ask for the same source. */
  public incusProvider(choice: IncusProviderChoice, hostPath: string): IncusProvider {
    if (this.incus) {
      if (this.incus.choice.source !== choice.source || this.incus.choice.version !== choice.version) {
        throw new Error(
          `IncusHost "${hostPath}": all IncusHosts of a stack share one incus provider, but "${this.incus.firstHost}" ` +
            `uses the ${describe(this.incus.choice)} provider and this one asks for the ${describe(
              choice,
            )} provider. ` +
            `Give every IncusHost of the stack the same providerSource/providerVersion.`,
        );
      }
      return this.incus.provider;
    }
    const bundled = choice.source === "bundled";
    const provider = new IncusProvider(this, "incus", {
      source: bundled ? providerSource("incus") : "lxc/incus",
      version: bundled ? PROVIDER_VERSION : choice.version,
    });
    if (bundled) this.bundledTypes.add("incus");
    this.incus = { provider, choice, firstHost: hostPath };
    return provider;
  }

  /** Claims a remote name for a host; two hosts of one stack cannot share a remote name. */
  public claimRemoteName(name: string, hostPath: string): void {
    const owner = this.remoteOwners.get(name);
    if (owner !== undefined) {
      throw new Error(
        `IncusHost "${hostPath}", prop "name": the remote name "${name}" is already used by IncusHost "${owner}". ` +
          `Give each IncusHost of a stack its own name.`,
      );
    }
    this.remoteOwners.set(name, hostPath);
  }

  /** Claims an object name key (see name-registry.ts); returns the path of an earlier owner, if any. */
  public claimObjectName(key: string, constructPath: string): string | undefined {
    const owner = this.objectNameOwners.get(key);
    if (owner !== undefined) return owner;
    this.objectNameOwners.set(key, constructPath);
    return undefined;
  }

  /** A libvirt provider for one connection URI; the first is the default, the next ones get an alias. */
  public libvirtProvider(uri: string, alias: string): LibvirtProvider {
    const first = this.libvirtProviders.length === 0;
    const provider = new LibvirtProvider(this, `libvirt-${alias}`, {
      uri,
      alias: first ? undefined : alias,
      source: providerSource("libvirt"),
      version: PROVIDER_VERSION,
    });
    this.libvirtProviders.push(provider);
    this.bundledTypes.add("libvirt");
    return provider;
  }

  /** Provider types copied into the stack directory at synthesis. */
  public get bundledProviderTypes(): string[] {
    return [...this.bundledTypes].sort();
  }

  /**
   * Wraps the stack's synthesizer once. Before the stack is written, a local state file a killed terraform cut short
   * is replaced by Terraform's backup (a warning annotation says so; it must exist before the framework collects
   * the annotations). After, the bundled providers are copied into <stack dir>/terraform.d/plugins, one of
   * Terraform's implied local mirror directories, so `terraform init` in cdktf.out/stacks/<stack> installs them with
   * no registry and no CLI configuration.
   */
  private prepareWorkingDirectoryAtSynthesis(): void {
    const original = this.stack.synthesizer;
    this.stack.synthesizer = {
      synthesize: (session: ISynthesisSession) => {
        const stackDir = path.join(session.outdir, session.manifest.forStack(this.stack).workingDirectory);
        recoverLocalStateOf(this.stack, stackDir);
        // Aspects run next, before the write, and may change what the produced values depend on.
        beginWrite(this.stack, !hasAspects(this.stack));
        try {
          original.synthesize(session);
        } finally {
          endSynthesis(this.stack);
        }
        const types = this.bundledProviderTypes;
        if (types.length === 0) return;
        prepareWorkingDirectory(stackDir, { types });
      },
    };
  }

  /**
   * app.synth() prepares every stack (prepareStack resolves all of it once) before it writes any: from there on the
   * stack's synthesis memo keeps the values produced at synthesis, for the write to reuse.
   */
  private markPreparation(): void {
    const stack = this.stack;
    const prepare = stack.prepareStack.bind(stack);
    stack.prepareStack = () => {
      beginPreparation(stack);
      try {
        prepare();
      } catch (error) {
        endSynthesis(stack);
        throw error;
      }
    };
  }
}

/** Whether any construct of the stack has an aspect (the framework invokes those of the stack's subtree only). */
function hasAspects(stack: TerraformStack): boolean {
  return stack.node.findAll().some((construct) => Aspects.of(construct).all.length > 0);
}

function describe(choice: IncusProviderChoice): string {
  return choice.version ? `${choice.source} (${choice.version})` : choice.source;
}
