// Sizes are strings with IEC units ("10GiB", "512MiB"); they are checked early so a typo fails at synth, not
// half-way through an apply.
const IEC_FACTORS: { readonly [unit: string]: number } = {
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
  PiB: 1024 ** 5,
};

const SI_TO_IEC: { readonly [unit: string]: string } = {
  kb: "KiB",
  k: "KiB",
  mb: "MiB",
  m: "MiB",
  gb: "GiB",
  g: "GiB",
  tb: "TiB",
  t: "TiB",
  pb: "PiB",
  p: "PiB",
};

/** The result of parsing a size: bytes, or why the text is not a size. */
export type ParsedSize = { readonly bytes: number } | { readonly error: string };

/** The same number of bytes in the largest unit that holds it whole, e.g. 1610612736 → "1536MiB". */
export function wholeSize(bytes: number): string {
  const units = Object.keys(IEC_FACTORS).reverse();
  const unit = units.find((u) => bytes % IEC_FACTORS[u] === 0) ?? "B";
  return `${bytes / IEC_FACTORS[unit]}${unit}`;
}

/** Parses "10GiB", "512MiB" or a plain byte count "1048576". */
export function parseSize(text: string): ParsedSize {
  // Incus refuses spaces anywhere in a size ("1 GiB"), so they are refused here too rather than trimmed.
  if (/\s/.test(text))
    return { error: `"${text}" contains white space; write the number and unit together, e.g. "10GiB"` };
  const match = /^(\d+(?:\.\d+)?)([A-Za-z]*)$/.exec(text);
  if (!match) {
    return { error: `"${text}" is not a size; write a number with an IEC unit, e.g. "10GiB" or "512MiB"` };
  }
  const [, amount, unit] = match;
  if (unit !== "" && IEC_FACTORS[unit] === undefined) {
    const suggestion = SI_TO_IEC[unit.toLowerCase()];
    const hint = suggestion
      ? `did you mean "${amount}${suggestion}"?`
      : `use one of ${Object.keys(IEC_FACTORS).join(", ")}`;
    return { error: `"${text}" does not use an IEC unit (B, KiB, MiB, GiB, TiB, PiB); ${hint}` };
  }
  const bytes = Number(amount) * IEC_FACTORS[unit === "" ? "B" : unit];
  if (!Number.isSafeInteger(bytes)) {
    return { error: `"${text}" is not a whole number of bytes (or is too large)` };
  }
  if (bytes <= 0) return { error: `"${text}" must be greater than zero` };
  // Incus refuses decimals ("Invalid value"); say the whole form instead of failing half-way through an apply.
  if (amount.includes("."))
    return { error: `"${text}" has a decimal point, which Incus refuses; write "${wholeSize(bytes)}"` };
  return { bytes };
}
