// The runtime's protobuf wire codec, checked against protobufjs (a reference implementation, used by this test
// only): random messages of the plugin's types encoded by one and decoded by the other must come back equal.
// Plus the wire details a differential test cannot show: int64 edge values, unknown fields, packed varints, maps
// and what a truncated message does.
import fc from "fast-check";
import * as protobuf from "protobufjs";
import { decodeMessage, encodeMessage, messageDescriptor } from "../../../lib/provider/plugin/protobuf";
import { PROTO_PACKAGES } from "../../../lib/provider/plugin/proto-descriptor";
import type { EnumSpec, MessageSpec } from "../../../lib/provider/plugin/proto-descriptor";

/** The same specs as a protobufjs JSON descriptor. */
function referenceRoot(): protobuf.Root {
  const convertAll = (specs: Record<string, MessageSpec | EnumSpec>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => [name, "values" in spec ? spec : convertMessage(spec)]),
    );
  const convertMessage = (spec: MessageSpec): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    const oneofs: Record<string, { oneof: string[] }> = {};
    for (const [name, text] of Object.entries(spec.fields ?? {})) {
      const parts = text.split(" ");
      const id = Number(parts[parts.length - 1]);
      if (parts[0] === "repeated") fields[name] = { rule: "repeated", type: parts[1], id };
      else if (parts[0] === "map") fields[name] = { keyType: "string", type: parts[1], id };
      else if (parts[0].startsWith("oneof:")) {
        (oneofs[parts[0].slice(6)] ??= { oneof: [] }).oneof.push(name);
        fields[name] = { type: parts[1], id };
      } else fields[name] = { type: parts[0], id };
    }
    return {
      fields,
      ...(Object.keys(oneofs).length ? { oneofs } : {}),
      ...(spec.nested ? { nested: convertAll(spec.nested) } : {}),
    };
  };
  const nested = Object.fromEntries(
    Object.entries(PROTO_PACKAGES).map(([pkg, specs]) => [pkg, { nested: convertAll(specs) }]),
  );
  return protobuf.Root.fromJSON({ nested } as protobuf.INamespace);
}

const root = referenceRoot();
const TO_OBJECT = { longs: Number, enums: Number, defaults: false, arrays: true, objects: true } as const;
const reference = (name: string) => {
  const t = root.lookupType(name);
  return {
    encode: (m: Record<string, unknown>) => t.encode(t.fromObject(m)).finish(),
    decode: (b: Uint8Array) => t.toObject(t.decode(b), TO_OBJECT),
  };
};

type Descriptor = ReturnType<typeof messageDescriptor>;

/** Random values of a message type (depth-limited; one member per oneof group at most, as on the wire). */
function arbitraryMessage(d: Descriptor, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const oneofMembers = new Set(
    Object.values(specOf(d.fullName).fields ?? {}).flatMap((t, i) =>
      t.startsWith("oneof:") ? [Object.keys(specOf(d.fullName).fields!)[i]] : [],
    ),
  );
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of d.fields) {
    if (f.kind === "message" && depth <= 0) continue;
    const one = arbitraryValue(f, depth);
    entries[f.name] = f.map
      ? fc.dictionary(fc.string({ maxLength: 6 }), one, { maxKeys: 3 })
      : f.repeated
        ? fc.array(one, { maxLength: 3 })
        : one;
  }
  const plain = Object.fromEntries(Object.entries(entries).filter(([k]) => !oneofMembers.has(k)));
  const oneofs = Object.entries(entries).filter(([k]) => oneofMembers.has(k));
  const base = fc.record(plain, { requiredKeys: [] });
  if (oneofs.length === 0) return base;
  const pick = fc.oneof(fc.constant({}), ...oneofs.map(([k, arb]) => arb.map((v) => ({ [k]: v }))));
  return fc.tuple(base, pick).map(([a, b]) => ({ ...a, ...b }));
}

function arbitraryValue(f: Descriptor["fields"][number], depth: number): fc.Arbitrary<unknown> {
  switch (f.kind) {
    case "string":
      return fc.string({ unit: "grapheme", maxLength: 8 });
    case "bytes":
      return fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b));
    case "bool":
      return fc.boolean();
    case "int64":
      return fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -1, 2 ** 31, -(2 ** 40)));
    case "int32":
      return fc.integer();
    case "enum":
      return fc.constantFrom(...Object.values(f.enumValues!));
    case "message":
      return arbitraryMessage(f.message!(), depth - 1);
  }
}

function specOf(fullName: string): MessageSpec {
  const [pkg, ...path] = fullName.split(".");
  let spec: MessageSpec | EnumSpec = PROTO_PACKAGES[pkg][path[0]];
  for (const name of path.slice(1)) spec = (spec as MessageSpec).nested![name];
  return spec as MessageSpec;
}

/** What a decoder returns for an encoded value: repeated/map fields always present, bytes as plain bytes. */
function normalize(d: Descriptor, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of d.fields) {
    const v = value[f.name];
    const one = (x: unknown): unknown =>
      f.kind === "message"
        ? normalize(f.message!(), x as Record<string, unknown>)
        : f.kind === "bytes"
          ? [...(x as Uint8Array)]
          : x;
    if (f.map)
      out[f.name] = Object.fromEntries(
        Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [k, one(x)]),
      );
    else if (f.repeated) out[f.name] = ((v ?? []) as unknown[]).map(one);
    else if (v !== undefined) out[f.name] = one(v);
  }
  return out;
}

const TYPES = [
  "tfplugin6.Diagnostic",
  "tfplugin6.GetProviderSchema.Response",
  "tfplugin6.PlanResourceChange.Request",
  "tfplugin6.PlanResourceChange.Response",
  "tfplugin6.ApplyResourceChange.Response",
  "tfplugin6.ImportResourceState.Response",
  "tfplugin6.UpgradeResourceState.Request",
  "plugin.StdioData",
];

describe("protobuf wire codec against protobufjs", () => {
  test.each(TYPES)("%s: ours → reference and reference → ours", (name) => {
    const d = messageDescriptor(name);
    const ref = reference(name);
    fc.assert(
      fc.property(arbitraryMessage(d, 4), (value) => {
        const expected = normalize(d, value);
        expect(normalize(d, ref.decode(encodeMessage(name, value)) as Record<string, unknown>)).toEqual(expected);
        expect(normalize(d, decodeMessage(name, ref.encode(value)))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});

describe("protobuf wire details", () => {
  test("int64 edge values: negative numbers take ten bytes, large ones stay exact", () => {
    const name = "tfplugin6.UpgradeResourceState.Request";
    const neg = encodeMessage(name, { version: -1 });
    expect(Buffer.from(neg).toString("hex")).toBe("10" + "ff".repeat(9) + "01");
    for (const version of [-1, 0, 1, 127, 128, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, -(2 ** 40)]) {
      expect(decodeMessage(name, encodeMessage(name, { version }))).toEqual({ version });
    }
    expect(decodeMessage(name, encodeMessage(name, { version: 7n }))).toEqual({ version: 7 });
  });

  test("unknown fields of every wire type are skipped", () => {
    // field 9 varint, field 10 fixed64, field 11 bytes, field 12 fixed32, then type_name "x"
    const bytes = Buffer.from("4801" + "51" + "00".repeat(8) + "5a0161" + "65" + "00".repeat(4) + "0a0178", "hex");
    expect(decodeMessage("tfplugin6.UpgradeResourceState.Request", bytes)).toEqual({ type_name: "x" });
  });

  test("maps decode to objects, empty repeated fields to arrays, enums by name or number", () => {
    const name = "tfplugin6.GetProviderSchema.Response";
    const bytes = encodeMessage(name, {
      resource_schemas: { a: { version: 2 } },
      diagnostics: [{ severity: "WARNING", summary: "s" }],
    });
    expect(decodeMessage(name, bytes)).toEqual({
      resource_schemas: { a: { version: 2 } },
      data_source_schemas: {},
      diagnostics: [{ severity: 2, summary: "s" }],
    });
  });

  test("a truncated message is an error, not a partial object", () => {
    const bytes = encodeMessage("tfplugin6.Diagnostic", { summary: "hello" });
    expect(() => decodeMessage("tfplugin6.Diagnostic", bytes.subarray(0, bytes.length - 2))).toThrow(RangeError);
    expect(() => messageDescriptor("tfplugin6.NoSuchThing")).toThrow(/unknown protobuf message type/);
  });
});
