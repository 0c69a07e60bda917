// Fuzzing construct sizes (Volume size, Instance rootDisk.size and memory): any size gives a validation error on
// the prop or a value the real Incus accepts, emitted unchanged; whole IEC sizes are accepted.
import type { TerraformStack } from "cdktf";
import fc from "fast-check";
import { Instance, Volume } from "../../../../lib";
import { assertValidationError, freshStack, IMAGE, incusHost, pool, STACK, synthJson, thrown } from "./fuzz-stack";
import { incusSizeProblem } from "./incus-rules";

/** Sizes of every shape: valid IEC, SI units, decimals, spaces, signs, exponents, garbage. */
export const anySize: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc
    .tuple(
      fc.oneof(
        fc.nat(5000).map(String),
        fc.double({ min: 0, max: 5000, noNaN: true }).map((n) => String(Math.round(n * 100) / 100)),
        fc.constantFrom("0", "00", "-1", "1e3", "0x10", " 1", "1 ", "+1", "1_000", "Infinity", "9007199254740993"),
      ),
      fc.constantFrom(
        "",
        "B",
        "KiB",
        "MiB",
        "GiB",
        "TiB",
        "PiB",
        "EiB",
        "kB",
        "MB",
        "GB",
        "k",
        "K",
        "G",
        "gib",
        "GIB",
        " GiB",
        "GiB ",
        "iB",
      ),
    )
    .map(([amount, unit]) => amount + unit),
);

/** Where a size prop lands: the prop name an error must name, and the emitted value in the JSON. */
export interface SizeSite {
  readonly label: string;
  readonly prop: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  build(stack: TerraformStack, size: string): { emitted: (json: any) => unknown };
}

export const SIZE_SITES: readonly SizeSite[] = [
  {
    label: "Volume size",
    prop: "size",
    build: (stack, size) => {
      const host = incusHost(stack);
      new Volume(stack, "subject", { pool: pool(stack, host), size });
      return { emitted: (json) => json.resource.incus_storage_volume.subject.config.size };
    },
  },
  {
    label: "Instance rootDisk.size",
    prop: "rootDisk",
    build: (stack, size) => {
      const host = incusHost(stack);
      new Instance(stack, "subject", { host, image: IMAGE, rootDisk: { pool: pool(stack, host), size } });
      return {
        emitted: (json) =>
          (json.resource.incus_instance.subject.device as { name: string; properties: { size?: string } }[]).find(
            (d) => d.name === "root",
          )?.properties.size,
      };
    },
  },
  {
    label: "Instance memory",
    prop: "memory",
    build: (stack, size) => {
      new Instance(stack, "subject", { host: incusHost(stack), image: IMAGE, memory: size });
      return { emitted: (json) => json.resource.incus_instance.subject.config["limits.memory"] };
    },
  },
];

/** Property: any size → a validation error on the prop, or a value Incus accepts, emitted unchanged. */
export function sizesProperty(site: SizeSite): fc.IPropertyWithHooks<[string]> {
  return fc.property(anySize, (size) => {
    const stack = freshStack();
    let emitted: ((json: unknown) => unknown) | undefined;
    const err = thrown(() => {
      emitted = site.build(stack, size).emitted;
    });
    if (err !== undefined) return assertValidationError(err, `${STACK}/subject`, site.prop, size);
    const value = emitted!(synthJson(stack));
    if (value !== size)
      throw new Error(`${site.label} ${JSON.stringify(size)} was emitted as ${JSON.stringify(value)}`);
    const problem = incusSizeProblem(size);
    if (problem)
      throw new Error(`${site.label} ${JSON.stringify(size)} was accepted at synth, but Incus rejects it (${problem})`);
  });
}

/** Property: whole IEC sizes are accepted. */
export function validSizesProperty(site: SizeSite): fc.IPropertyWithHooks<[string]> {
  const valid = fc
    .tuple(fc.integer({ min: 1, max: 4096 }), fc.constantFrom("B", "KiB", "MiB", "GiB", "TiB"))
    .map(([n, unit]) => `${n}${unit}`);
  return fc.property(valid, (size) => {
    const stack = freshStack();
    const err = thrown(() => {
      site.build(stack, size);
      synthJson(stack);
    });
    if (err !== undefined)
      throw new Error(`${site.label} ${JSON.stringify(size)} was rejected: ${(err as Error).message}`);
  });
}
