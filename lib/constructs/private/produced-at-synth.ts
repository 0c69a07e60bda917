// A value computed when the stack is synthesized, like the framework's Lazy.anyValue, without recording where it was
// made: a Lazy captures the complete stack trace of its creation (for error messages about unresolved tokens), and
// at one per instance that was a tenth of the CPU time of building a large stack. It resolves the same way, once per
// synthesis (the write reuses what the preparation produced: bindings/synthesis-memo.ts).
import type { IResolvable, IResolveContext } from "cdktf";
import { TerraformStack, Token } from "../../framework";
import { ProducedOnce } from "../../bindings/synthesis-memo";

/** An IResolvable whose value `produce` returns at synthesis; the framework resolves the returned value further. */
export function producedAtSynth(produce: () => unknown): IResolvable {
  const once = new ProducedOnce<undefined, unknown>(produce);
  const value: IResolvable = {
    creationStack: [],
    resolve: (context: IResolveContext) => once.produce(TerraformStack.of(context.scope), undefined),
    toString: () => Token.asString(value),
  };
  return value;
}
