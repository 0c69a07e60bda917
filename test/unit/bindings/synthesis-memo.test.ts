// A value produced at synthesis is computed once per synthesis: the write reuses what the preparation produced, and
// only then; any other call computes it anew, so a changed construct tree is always seen.
import { Construct } from "constructs";
import { beginPreparation, beginWrite, endSynthesis, ProducedOnce } from "../../../lib/bindings/synthesis-memo";

function counting() {
  const inputs: unknown[] = [];
  const produced = new ProducedOnce((input: object) => {
    inputs.push(input);
    return { n: inputs.length };
  });
  return { produced, inputs };
}

describe("ProducedOnce", () => {
  const stack = new Construct(undefined as unknown as Construct, "stack");
  afterEach(() => endSynthesis(stack));

  it("outside a synthesis, computes the value at every call", () => {
    const { produced, inputs } = counting();
    const input = {};
    expect(produced.produce(stack, input)).toEqual({ n: 1 });
    expect(produced.produce(stack, input)).toEqual({ n: 2 });
    expect(inputs).toHaveLength(2);
  });

  it("during the write, hands out what the preparation produced for the same input", () => {
    const { produced, inputs } = counting();
    const input = {};
    beginPreparation(stack);
    const prepared = produced.produce(stack, input);
    beginWrite(stack, true);
    expect(produced.produce(stack, input)).toBe(prepared);
    expect(inputs).toHaveLength(1);
  });

  it("computes again during the preparation, for another input, when the write may not reuse, and after the end", () => {
    const { produced, inputs } = counting();
    const input = {};
    beginPreparation(stack);
    produced.produce(stack, input);
    produced.produce(stack, input); // still preparing: nothing is reused yet
    beginWrite(stack, true);
    produced.produce(stack, {}); // another input (an attribute was set since)
    expect(inputs).toHaveLength(3);

    beginPreparation(stack);
    produced.produce(stack, input);
    beginWrite(stack, false); // e.g. aspects ran in between
    produced.produce(stack, input);
    expect(inputs).toHaveLength(5);

    beginPreparation(stack);
    produced.produce(stack, input);
    beginWrite(stack, true);
    endSynthesis(stack);
    produced.produce(stack, input);
    expect(inputs).toHaveLength(7);
  });

  it("keeps each stack's synthesis apart", () => {
    const other = new Construct(undefined as unknown as Construct, "other");
    const { produced, inputs } = counting();
    const input = {};
    beginPreparation(stack);
    produced.produce(stack, input);
    beginWrite(stack, true);
    produced.produce(other, input); // the other stack is not being synthesized
    expect(inputs).toHaveLength(2);
  });
});
