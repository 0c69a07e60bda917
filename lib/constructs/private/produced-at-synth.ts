// A value computed when the stack is synthesized, like the framework's Lazy.anyValue, without recording where it was
// made: a Lazy captures the complete stack trace of its creation (for error messages about unresolved tokens), and
// at one per instance that was a tenth of the CPU time of building a large stack. It resolves the same way.
import type { IResolvable } from "cdktf";
import { Token } from "../../framework";

/** An IResolvable whose value `produce` returns at synthesis; the framework resolves the returned value further. */
export function producedAtSynth(produce: () => unknown): IResolvable {
  const value: IResolvable = {
    creationStack: [],
    resolve: () => produce(),
    toString: () => Token.asString(value),
  };
  return value;
}
