// "Did you mean": the names closest to a misspelt one, by edit distance. Pure and dependency-free, so the
// providers (a missing image, pool or profile at plan time) and the tooling (doctor) share one rule.

/** Levenshtein distance: insertions, deletions and substitutions, each costing 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * Up to `limit` candidates close enough to `wanted` to be what was meant, closest first (ties by name).
 * Close enough: at most a third of the longer name differs (at least 2 edits allowed), or one name starts
 * with the other (a truncated fingerprint or a missing suffix), compared case-insensitively.
 */
export function closestNames(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = wanted.toLowerCase();
  const scored: { name: string; distance: number }[] = [];
  for (const name of new Set(candidates)) {
    if (name === wanted) continue;
    const n = name.toLowerCase();
    const distance = editDistance(w, n);
    const allowed = Math.max(2, Math.floor(Math.max(w.length, n.length) / 3));
    const prefix = w.length >= 3 && n.length >= 3 && (n.startsWith(w) || w.startsWith(n));
    if (distance <= allowed || prefix) scored.push({ name, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.name);
}

/**
 * A sentence for an error message: `Did you mean "a" or "b"?` when some candidates are close, else the
 * names there are (at most `listed` of them), or that there are none.
 */
export function didYouMean(wanted: string, candidates: readonly string[], what = "names", listed = 10): string {
  const close = closestNames(wanted, candidates);
  if (close.length > 0) return `Did you mean ${close.map((n) => JSON.stringify(n)).join(" or ")}?`;
  const known = [...new Set(candidates)].sort();
  if (known.length === 0) return `There are no ${what}.`;
  const shown = known
    .slice(0, listed)
    .map((n) => JSON.stringify(n))
    .join(", ");
  return `Existing ${what}: ${shown}${known.length > listed ? `, and ${known.length - listed} more` : ""}.`;
}
