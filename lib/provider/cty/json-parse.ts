// A small lossless JSON parser. JSON.parse turns 9007199254740993 into ...992 and 0.1 into a double; cty numbers
// are exact, so numbers are kept as their text, and objects as Maps (so "__proto__" is an ordinary key).

/** A JSON number, kept as written. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | Map<string, JsonValue>;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** Parses JSON text, throwing a SyntaxError that gives the offset of the problem. */
export function parseJsonLossless(text: string): JsonValue {
  const parser = new Parser(text);
  parser.skipSpace();
  const value = parser.value(0);
  parser.skipSpace();
  if (parser.pos !== text.length) parser.error("unexpected text after the JSON value");
  return value;
}

/** JSON nests deeper than this only by accident or abuse; the limit keeps recursion off the stack limit. */
const MAX_DEPTH = 1000;

class Parser {
  pos = 0;

  constructor(private readonly text: string) {}

  error(what: string): never {
    const near = JSON.stringify(this.text.slice(this.pos, this.pos + 20));
    throw new SyntaxError(`invalid JSON at offset ${this.pos} (near ${near}): ${what}`);
  }

  skipSpace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      this.pos++;
    }
  }

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) this.error(`nesting deeper than ${MAX_DEPTH}`);
    const c = this.text[this.pos];
    switch (c) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"':
        return this.string();
      case "t":
        return this.literal("true", true);
      case "f":
        return this.literal("false", false);
      case "n":
        return this.literal("null", null);
      default:
        return this.number();
    }
  }

  private literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.error("expected a value");
    this.pos += word.length;
    return value;
  }

  private number(): JsonNumber {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) return this.error("expected a value");
    this.pos += m[0].length;
    return new JsonNumber(m[0]);
  }

  string(): string {
    STRING_BODY.lastIndex = this.pos + 1;
    const m = STRING_BODY.exec(this.text);
    if (!m) return this.error("unterminated or invalid string");
    const raw = this.text.slice(this.pos, this.pos + 1 + m[0].length);
    this.pos += raw.length;
    return JSON.parse(raw) as string; // the escapes are already validated; let the engine decode them
  }

  private array(depth: number): JsonValue[] {
    this.pos++; // [
    const out: JsonValue[] = [];
    this.skipSpace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      out.push(this.value(depth + 1));
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === "]") return out;
      if (c !== ",") {
        this.pos--;
        this.error("expected , or ] in array");
      }
    }
  }

  private object(depth: number): Map<string, JsonValue> {
    this.pos++; // {
    const out = new Map<string, JsonValue>();
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.error("expected a string key in object");
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ":") this.error("expected : after object key");
      this.pos++;
      this.skipSpace();
      out.set(key, this.value(depth + 1)); // a repeated key keeps its last value, as Go's decoder does
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === "}") return out;
      if (c !== ",") {
        this.pos--;
        this.error("expected , or } in object");
      }
    }
  }
}

/** Converts parsed JSON to plain JS (numbers as doubles); for type JSON, which holds no numbers. */
export function jsonToPlain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return Number(v.text);
  if (Array.isArray(v)) return v.map(jsonToPlain);
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, el] of v)
      Object.defineProperty(out, k, { value: jsonToPlain(el), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}
