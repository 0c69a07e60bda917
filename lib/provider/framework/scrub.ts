// The text layer of redaction (see redact.ts): every diagnostic and log line of one request is scrubbed of the
// sensitive strings that request carried, whatever code wrote the text and wherever the text came from.
import type { Diagnostic } from "./diagnostics";
import { REDACTED } from "./redact";
import type { Logger } from "./resource";

/**
 * Strings shorter than this are not replaced in free text: "sh", "-c" or "1" would blot out unrelated words.
 * Such values are still redacted wherever the framework prints a value by its attribute path.
 */
export const MIN_SCRUBBED_LENGTH = 6;

/** Lines of a multi-line secret (cloud-init user-data, a file) are scrubbed on their own from this length. */
const MIN_SCRUBBED_LINE = 8;

export class SecretScrubber {
  private readonly needles = new Set<string>();
  private sorted: string[] | null = null;

  learn(values: readonly string[]): void {
    for (const v of values) {
      this.addNeedle(v, MIN_SCRUBBED_LENGTH);
      if (v.includes("\n")) for (const line of v.split("\n")) this.addNeedle(line.trim(), MIN_SCRUBBED_LINE);
    }
  }

  get empty(): boolean {
    return this.needles.size === 0;
  }

  scrub(text: string): string {
    if (this.needles.size === 0 || text === "") return text;
    this.sorted ??= [...this.needles].sort((a, b) => b.length - a.length);
    let out = text;
    for (const needle of this.sorted) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    return out;
  }

  diagnostics(list: readonly Diagnostic[]): Diagnostic[] {
    return list.map((d) => ({
      ...d,
      summary: this.scrub(d.summary),
      ...(d.detail ? { detail: this.scrub(d.detail) } : {}),
    }));
  }

  /** A logger that scrubs messages and string fields (at any depth) before `log` writes them. */
  logger(log: Logger): Logger {
    const wrap =
      (write: Logger["info"]): Logger["info"] =>
      (message, fields) =>
        this.empty
          ? write(message, fields)
          : write(this.scrub(message), fields && (this.scrubDeep(fields) as Record<string, unknown>));
    return {
      trace: wrap(log.trace.bind(log)),
      debug: wrap(log.debug.bind(log)),
      info: wrap(log.info.bind(log)),
      warn: wrap(log.warn.bind(log)),
      error: wrap(log.error.bind(log)),
    };
  }

  private scrubDeep(v: unknown): unknown {
    if (typeof v === "string") return this.scrub(v);
    if (v instanceof Error) return this.scrub(v.stack ?? v.message);
    if (Array.isArray(v)) return v.map((x) => this.scrubDeep(x));
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, this.scrubDeep(x)]));
    }
    return v;
  }

  private addNeedle(text: string, min: number): void {
    if (text.length < min) return;
    this.needles.add(text);
    const escaped = JSON.stringify(text).slice(1, -1); // as it appears inside JSON-quoted text
    if (escaped !== text) this.needles.add(escaped);
    this.sorted = null;
  }
}
