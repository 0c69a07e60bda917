// Which of several test files runs an official test, when one file would be too long for the two integration
// workers to share well (CI starts the longest files first, by test/integration/durations.json): a hash of the
// test's name, so that adding, removing or excluding a test never moves another one to a different file.

/** Part `index` (0-based) of `count` parts. */
export interface Part {
  readonly index: number;
  readonly count: number;
}

/** FNV-1a (32 bits) over the name's UTF-16 code units: the same part for a name on every run and machine. */
function hash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** True when the test named `name` belongs to `part`; every name belongs to exactly one part of a count. */
export function inPart(name: string, part: Part): boolean {
  if (
    !Number.isInteger(part.count) ||
    part.count < 1 ||
    !Number.isInteger(part.index) ||
    part.index < 0 ||
    part.index >= part.count
  )
    throw new Error(
      `a part is an index from 0 to count - 1 of a count of at least 1, got ${part.index} of ${part.count}`,
    );
  return hash(name) % part.count === part.index;
}
