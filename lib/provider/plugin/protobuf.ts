// Protocol Buffers (proto3) wire format for the plugin messages, read straight from the specs in
// proto-descriptor.ts. Only what those messages use: varint scalars (int64, int32, bool, enums), strings, bytes,
// nested messages, repeated fields and string-keyed maps. Unknown fields are skipped, as proto3 requires.
// A general protobuf library costs ~30 ms of every provider start (reflection, code generation) for this.
//
// Decoded objects use the protocol's field names (snake_case): absent fields stay absent, repeated fields are
// always arrays and maps always objects; int64 becomes a number, enums numbers, bytes a Uint8Array view.
// Encoding writes every field that is neither null nor undefined, in field-number order of the spec.
import type { EnumSpec, MessageSpec } from "./proto-descriptor";
import { PROTO_PACKAGES } from "./proto-descriptor";

type Kind = "string" | "bytes" | "bool" | "int64" | "int32" | "enum" | "message";

interface Field {
  readonly name: string;
  readonly number: number;
  readonly kind: Kind;
  readonly repeated: boolean;
  /** A map<string, kind>: repeated entries { key = 1, value = 2 }. */
  readonly map: boolean;
  readonly enumValues?: Readonly<Record<string, number>>;
  /** Resolved on first use: message types refer to each other. */
  readonly message?: () => Message;
}

interface Message {
  readonly fullName: string;
  readonly fields: readonly Field[];
  readonly byNumber: ReadonlyMap<number, Field>;
}

const SCALARS = new Set<Kind>(["string", "bytes", "bool", "int64", "int32"]);
const WIRE_VARINT = 0;
const WIRE_LEN = 2;
const compiled = new Map<string, Message>();

/** The message type with this full name, e.g. "tfplugin6.ReadResource.Request". */
export function messageDescriptor(fullName: string): Message {
  let message = compiled.get(fullName);
  if (!message) {
    const spec = lookup(fullName.split("."));
    if (!spec || "values" in spec) throw new Error(`unknown protobuf message type ${fullName}`);
    message = compile(fullName, spec);
    compiled.set(fullName, message);
  }
  return message;
}

function lookup(path: readonly string[]): MessageSpec | EnumSpec | undefined {
  let scope: Record<string, MessageSpec | EnumSpec> | undefined = PROTO_PACKAGES[path[0]];
  let found: MessageSpec | EnumSpec | undefined;
  for (const name of path.slice(1)) {
    found = scope?.[name];
    if (!found) return undefined;
    scope = "values" in found ? undefined : found.nested;
  }
  return found;
}

/** Resolves a type name the way protoc does: innermost enclosing scope first, then outwards. */
function resolve(typeName: string, scope: readonly string[]): { fullName: string; spec: MessageSpec | EnumSpec } {
  for (let depth = scope.length; depth >= 1; depth--) {
    const path = [...scope.slice(0, depth), typeName];
    const spec = lookup(path);
    if (spec) return { fullName: path.join("."), spec };
  }
  throw new Error(`protobuf type ${typeName} referenced from ${scope.join(".")} is not defined`);
}

function compile(fullName: string, spec: MessageSpec): Message {
  const scope = fullName.split(".");
  const fields: Field[] = [];
  for (const [name, text] of Object.entries(spec.fields ?? {})) {
    const parts = text.split(" ");
    const number = Number(parts[parts.length - 1]);
    const repeated = parts[0] === "repeated" || parts[0] === "map";
    const typeName =
      parts[0] === "repeated" || parts[0] === "map" || parts[0].startsWith("oneof:") ? parts[1] : parts[0];
    const base = { name, number, repeated, map: parts[0] === "map" };
    if (SCALARS.has(typeName as Kind)) {
      fields.push({ ...base, kind: typeName as Kind });
      continue;
    }
    const target = resolve(typeName, scope);
    if ("values" in target.spec) fields.push({ ...base, kind: "enum", enumValues: target.spec.values });
    else fields.push({ ...base, kind: "message", message: () => messageDescriptor(target.fullName) });
  }
  fields.sort((a, b) => a.number - b.number);
  return { fullName, fields, byNumber: new Map(fields.map((f) => [f.number, f])) };
}

// ---- encoding ----

class Writer {
  private buf = Buffer.allocUnsafe(256);
  private len = 0;

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  varint(value: number | bigint): void {
    this.reserve(10);
    if (typeof value === "number" && value >= 0 && value <= 0x7fffffff) {
      let v = value;
      while (v > 0x7f) {
        this.buf[this.len++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.len++] = v;
      return;
    }
    let v = BigInt.asUintN(64, BigInt(value)); // negative numbers take all ten bytes, as int64 requires
    while (v > 0x7fn) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
  }

  tag(number: number, wireType: number): void {
    this.varint(number * 8 + wireType);
  }

  bytes(data: Uint8Array): void {
    this.varint(data.length);
    this.reserve(data.length);
    this.buf.set(data, this.len);
    this.len += data.length;
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

/** Encodes a plain object as the message `fullName`. */
export function encodeMessage(fullName: string, value: Record<string, unknown>): Uint8Array {
  const w = new Writer();
  writeMessage(w, messageDescriptor(fullName), value);
  return w.finish();
}

function writeMessage(w: Writer, message: Message, value: Record<string, unknown>): void {
  for (const field of message.fields) {
    const v = value[field.name];
    if (v === undefined || v === null) continue;
    if (field.map) {
      for (const [key, entry] of Object.entries(v as Record<string, unknown>)) {
        const e = new Writer();
        writeValue(e, { ...field, name: "key", number: 1, kind: "string", map: false, repeated: false }, key);
        if (entry !== undefined && entry !== null)
          writeValue(e, { ...field, number: 2, map: false, repeated: false }, entry);
        w.tag(field.number, WIRE_LEN);
        w.bytes(e.finish());
      }
    } else if (field.repeated) {
      if (!Array.isArray(v)) throw new TypeError(`${message.fullName}.${field.name} must be an array`);
      for (const item of v) writeValue(w, field, item);
    } else {
      writeValue(w, field, v);
    }
  }
}

function writeValue(w: Writer, field: Field, v: unknown): void {
  switch (field.kind) {
    case "string":
      w.tag(field.number, WIRE_LEN);
      w.bytes(Buffer.from(String(v), "utf8"));
      return;
    case "bytes":
      w.tag(field.number, WIRE_LEN);
      w.bytes(typeof v === "string" ? Buffer.from(v, "base64") : (v as Uint8Array));
      return;
    case "bool":
      w.tag(field.number, WIRE_VARINT);
      w.varint(v ? 1 : 0);
      return;
    case "int64":
    case "int32":
      w.tag(field.number, WIRE_VARINT);
      w.varint(typeof v === "bigint" ? v : typeof v === "string" ? BigInt(v) : Math.trunc(Number(v)));
      return;
    case "enum": {
      const n = typeof v === "string" ? field.enumValues?.[v] : Number(v);
      if (n === undefined || !Number.isInteger(n))
        throw new TypeError(`${field.name}: ${String(v)} is not an enum value`);
      w.tag(field.number, WIRE_VARINT);
      w.varint(n);
      return;
    }
    case "message": {
      const sub = new Writer();
      writeMessage(sub, field.message!(), v as Record<string, unknown>);
      w.tag(field.number, WIRE_LEN);
      w.bytes(sub.finish());
      return;
    }
  }
}

// ---- decoding ----

class Reader {
  pos: number;

  constructor(
    readonly buf: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  private byte(): number {
    if (this.pos >= this.end) throw new RangeError("protobuf message is truncated");
    return this.buf[this.pos++];
  }

  /** A varint as a signed 64-bit number (exact below 2^53). */
  varint(): number {
    let low = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.byte();
      low |= (b & 0x7f) << shift;
      if (b < 0x80) return low;
    }
    let value = BigInt(low);
    for (let shift = 28n; shift < 70n; shift += 7n) {
      const b = this.byte();
      value |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return Number(BigInt.asIntN(64, value));
    }
    throw new RangeError("protobuf varint is longer than 10 bytes");
  }

  /** The bounds of a length-delimited field's payload; the reader moves past it. */
  delimited(): [number, number] {
    const length = this.varint();
    const start = this.pos;
    if (length < 0 || start + length > this.end)
      throw new RangeError("protobuf field runs past the end of its message");
    this.pos += length;
    return [start, start + length];
  }

  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) this.delimited();
    else if (wireType === 5) this.pos += 4;
    else throw new RangeError(`protobuf wire type ${wireType} is not supported`);
    if (this.pos > this.end) throw new RangeError("protobuf message is truncated");
  }
}

/** Decodes the message `fullName` into a plain object. */
export function decodeMessage(fullName: string, bytes: Uint8Array): Record<string, unknown> {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return readMessage(new Reader(buf, 0, buf.length), messageDescriptor(fullName));
}

function readMessage(r: Reader, message: Message): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of message.fields) {
    if (field.map) out[field.name] = {};
    else if (field.repeated) out[field.name] = [];
  }
  while (r.pos < r.end) {
    const tag = r.varint();
    const wireType = tag & 7;
    const field = message.byNumber.get(tag >>> 3);
    if (!field) {
      r.skip(wireType);
      continue;
    }
    if (field.map) {
      const [start, end] = r.delimited();
      const entry = new Reader(r.buf, start, end);
      let key = "";
      let value: unknown =
        field.kind === "message" ? readMessage(new Reader(r.buf, 0, 0), field.message!()) : undefined;
      while (entry.pos < entry.end) {
        const t = entry.varint();
        if (t >>> 3 === 1 && (t & 7) === WIRE_LEN) key = readValue(entry, { ...field, kind: "string" }) as string;
        else if (t >>> 3 === 2) value = readValue(entry, field);
        else entry.skip(t & 7);
      }
      (out[field.name] as Record<string, unknown>)[key] = value;
    } else if (field.repeated && wireType === WIRE_LEN && isVarintKind(field.kind)) {
      const [start, end] = r.delimited(); // packed
      const packed = new Reader(r.buf, start, end);
      while (packed.pos < packed.end) (out[field.name] as unknown[]).push(readValue(packed, field));
    } else if (wireType !== expectedWireType(field.kind)) {
      r.skip(wireType);
    } else if (field.repeated) {
      (out[field.name] as unknown[]).push(readValue(r, field));
    } else {
      out[field.name] = readValue(r, field);
    }
  }
  return out;
}

function isVarintKind(kind: Kind): boolean {
  return kind === "bool" || kind === "int64" || kind === "int32" || kind === "enum";
}

function expectedWireType(kind: Kind): number {
  return isVarintKind(kind) ? WIRE_VARINT : WIRE_LEN;
}

function readValue(r: Reader, field: Field): unknown {
  switch (field.kind) {
    case "bool":
      return r.varint() !== 0;
    case "int64":
    case "int32":
    case "enum":
      return r.varint();
    case "string": {
      const [start, end] = r.delimited();
      return r.buf.toString("utf8", start, end);
    }
    case "bytes": {
      const [start, end] = r.delimited();
      return r.buf.subarray(start, end);
    }
    case "message": {
      const [start, end] = r.delimited();
      return readMessage(new Reader(r.buf, start, end), field.message!());
    }
  }
}
