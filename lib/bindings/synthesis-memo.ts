// Values produced at synthesis, computed once per synthesis instead of twice.
//
// app.synth() resolves every element of a stack twice: prepareStack() resolves it to find cross-stack references and
// drops the result, then the stack's synthesizer invokes aspects, runs validations and resolves it again to write it.
// What the bindings produce at synthesis (lifecycle blocks, attributes that depend on constructs made later,
// generation triggers) is computed from the construct tree, and for a large stack computing it twice is a noticeable
// part of the synth. Each produced value keeps what it produced while its stack was prepared and hands it out again
// while the stack is written. Whoever drives the two passes decides whether the tree may have changed in between
// (aspects run there) and, if so, starts the write afresh; outside the two passes every value is computed anew.
import type { IConstruct } from "constructs";

/** One synthesis of a stack; values produced during its preparation may be reused once `writing`. */
interface Synthesis {
  writing: boolean;
}

const syntheses = new WeakMap<IConstruct, Synthesis>();

/** The stack's preparation begins: values produced from now on are kept. */
export function beginPreparation(stack: IConstruct): void {
  syntheses.set(stack, { writing: false });
}

/**
 * The stack's write begins. With `reuse`, values kept during the preparation are handed out again; without it (the
 * tree may have changed since), none is.
 */
export function beginWrite(stack: IConstruct, reuse: boolean): void {
  const synthesis = syntheses.get(stack);
  if (synthesis && reuse) synthesis.writing = true;
  else syntheses.delete(stack);
}

/** The stack's synthesis is over (or failed): nothing is reused, so a later change of the tree is always seen. */
export function endSynthesis(stack: IConstruct): void {
  syntheses.delete(stack);
}

/** A value produced at synthesis from an input: during a stack's write, what its preparation produced. */
export class ProducedOnce<I, T> {
  private synthesis?: Synthesis;
  private input?: I;
  private value?: T;

  public constructor(private readonly producer: (input: I) => T) {}

  /** `producer(input)`, or what it returned for the same input (===) during this synthesis's preparation. */
  public produce(stack: IConstruct, input: I): T {
    const synthesis = syntheses.get(stack);
    if (synthesis === undefined) return this.producer(input);
    if (synthesis.writing && this.synthesis === synthesis && this.input === input) return this.value as T;
    const value = this.producer(input);
    this.synthesis = synthesis;
    this.input = input;
    this.value = value;
    return value;
  }
}
