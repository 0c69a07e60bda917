// Bad input drill, CI size: fuzzed construct props (names, sizes, couplings) give only validation errors that name
// the construct path and the prop, never a bare exception, and whatever is accepted is something the real Incus
// accepts (oracles calibrated in incus-rules.test.ts). test/reliability/construct-fuzz.test.ts runs the same
// properties with many more runs.
import fc from "fast-check";
import { couplingProperty } from "./support/coupling-fuzz";
import {
  defaultNamesProperty,
  duplicateNamesProperty,
  NAMED_KINDS,
  namesProperty,
  SIZE_SITES,
  sizesProperty,
  validNamesProperty,
  validSizesProperty,
} from "./support/construct-fuzz";

const RUNS = 100;
const params = { numRuns: RUNS };
const fewer = { numRuns: RUNS / 2 };

describe.each(NAMED_KINDS.map((k) => [k.kind, k] as const))("%s names", (_kind, named) => {
  test("any name: a validation error naming the path and prop, or a name Incus accepts", () => {
    fc.assert(namesProperty(named), params);
  });
  test("valid names are accepted", () => {
    fc.assert(validNamesProperty(named), fewer);
  });
  test("default names derived from any construct ids are valid and distinct", () => {
    fc.assert(defaultNamesProperty(named), fewer);
  });
  test("two objects with one explicit name are refused at synth", () => {
    fc.assert(duplicateNamesProperty(named), { numRuns: 10 });
  });
});

describe.each(SIZE_SITES.map((s) => [s.label, s] as const))("%s", (_label, site) => {
  test("any size: a validation error naming the prop, or a size Incus accepts", () => {
    fc.assert(sizesProperty(site), params);
  });
  test("whole IEC sizes are accepted", () => {
    fc.assert(validSizesProperty(site), fewer);
  });
});

test("couplings: refused exactly where the lifecycle rules say, otherwise every promise is in the JSON", () => {
  fc.assert(couplingProperty(), { numRuns: 200 });
});
