// The construct fuzzing suite (names, sizes, couplings) with a configurable number of runs per property: the CI
// drill runs it small, test/reliability/ runs it large.
import fc from "fast-check";
import { couplingProperty } from "./coupling-fuzz";
import { removeOutdir } from "./fuzz-stack";
import {
  defaultNamesProperty,
  duplicateNamesProperty,
  NAMED_KINDS,
  namesProperty,
  validNamesProperty,
} from "./name-fuzz";
import { SIZE_SITES, sizesProperty, validSizesProperty } from "./size-fuzz";

export function constructFuzzSuite(runs: number): void {
  afterAll(removeOutdir);
  const params = { numRuns: runs };
  const fewer = { numRuns: Math.max(10, Math.floor(runs / 2)) };

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
      fc.assert(duplicateNamesProperty(named), { numRuns: Math.max(10, Math.floor(runs / 10)) });
    });
  });

  describe.each(SIZE_SITES.map((s) => [s.label, s] as const))("%s", (_label, site) => {
    test("any size: a validation error naming the prop, or a size Incus accepts", () => {
      // Always tried first: decimal sizes that are whole numbers of bytes (Incus refuses any decimal point).
      fc.assert(sizesProperty(site), { ...params, examples: [["1.5GiB"], ["0.25KiB"]] });
    });
    test("whole IEC sizes are accepted", () => {
      fc.assert(validSizesProperty(site), fewer);
    });
  });

  test("couplings: refused exactly where the lifecycle rules say, otherwise every promise is in the JSON", () => {
    fc.assert(couplingProperty(), { numRuns: runs * 2 });
  });
}
