// Schema parity with the official lxc/incus provider: every resource and data source it registers is registered here
// too, with the same attributes, types and required/optional/computed/sensitive flags. The reference is extracted
// from the official Go source (scripts/extract-official-schemas.js) into test/fixtures/official-schemas.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CtyType } from "../../../lib/provider/cty";
import { ctyTypeEquals, ctyTypeToJson } from "../../../lib/provider/cty";
import type { AnySchema, Attribute, Block, DataSource, Resource } from "../../../lib/provider/framework";
import { attributeMode } from "../../../lib/provider/framework/schema-type";
import { incusProvider } from "../../../lib/provider/incus/provider";

/** One attribute, nested attribute or block of a schema, by its dotted path. */
interface Entry {
  readonly type?: CtyType;
  readonly nested?: string;
  readonly block?: string;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
}

type FlatSchema = Record<string, Entry>;

interface Reference {
  readonly version: string;
  readonly resources: Record<string, FlatSchema>;
  readonly data_sources: Record<string, FlatSchema>;
}

function fixture(name: string): Reference {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "fixtures", "official-schemas", name), "utf8"));
}

/** The release the provider is compatible with. */
const reference = fixture("incus-v1.1.1.json");
/** The official source after that release: types we already have that the release lacks are compared with it. */
const newer = fixture("incus-main-8db6003.json");

/** Types of ours the official provider does not have at all, with what they are for. */
const OUR_OWN: Record<string, string> = {
  incus_storage_volume_snapshot: "snapshots of custom volumes as resources",
};

/**
 * Official resources not implemented yet, one line each: delete the line when the resource is registered (the
 * test fails while a listed resource is in fact registered, so the list cannot go stale).
 */
const NOT_YET_IMPLEMENTED_RESOURCES = new Set([
  "incus_certificate",
  "incus_cluster_group",
  "incus_network_acl",
  "incus_network_address_set",
  "incus_network_forward",
  "incus_network_integration",
  "incus_network_lb",
  "incus_network_peer",
  "incus_network_zone",
  "incus_network_zone_record",
  "incus_server",
  "incus_storage_bucket",
  "incus_storage_bucket_key",
]);

/** Official data sources not implemented yet (same rule as above). */
const NOT_YET_IMPLEMENTED_DATA_SOURCES = new Set<string>([]);

/**
 * Deliberate differences from the official schema, by "<type> <path>" (covering the path's children too), each with
 * the reason. Keep this short: a difference may mean a configuration written for the official provider behaves
 * differently.
 */
const SECRET = "sensitive here: it may carry secrets, which the official provider shows in plans";
const KNOWN_DIFFERENCES: Record<string, string> = {
  "incus_instance exec.command": SECRET,
  "incus_instance exec.environment": SECRET,
  "incus_instance file.content": SECRET,
  "incus_storage_volume file.content": SECRET,
  "incus_instance interfaces": "added by the official provider after v1.1.1 (read-only, so old configurations work)",
};

/** Known differences that are attributes the official provider added after the release: they match the newer source. */
const ADDED_AFTER_RELEASE = ["incus_instance interfaces"];

/** The known difference that covers `path` of `typeName` (the path itself or one of its parents). */
function knownDifference(typeName: string, path: string): string | undefined {
  const parts = path.split(".");
  for (let i = parts.length; i > 0; i--) {
    const reason = KNOWN_DIFFERENCES[`${typeName} ${parts.slice(0, i).join(".")}`];
    if (reason !== undefined) return reason;
  }
  return undefined;
}

function flags(attr: Attribute): Entry {
  const mode = attributeMode(attr);
  return {
    ...(mode.required ? { required: true } : {}),
    ...(mode.optional ? { optional: true } : {}),
    ...(mode.computed ? { computed: true } : {}),
    ...(attr.sensitive ? { sensitive: true } : {}),
  };
}

function flattenAttributes(attributes: Readonly<Record<string, Attribute>>, prefix: string, out: FlatSchema): void {
  for (const [name, attr] of Object.entries(attributes)) {
    const path = prefix + name;
    if (attr.nested) {
      out[path] = { nested: attr.nested.nesting, ...flags(attr) };
      flattenAttributes(attr.nested.attributes, `${path}.`, out);
    } else {
      out[path] = { type: attr.type, ...flags(attr) };
    }
  }
}

function flattenBlocks(blocks: Readonly<Record<string, Block>> | undefined, prefix: string, out: FlatSchema): void {
  for (const [name, block] of Object.entries(blocks ?? {})) {
    const path = prefix + name;
    out[path] = { block: block.nesting };
    flattenAttributes(block.attributes, `${path}.`, out);
    flattenBlocks(block.blocks, `${path}.`, out);
  }
}

function flatten(schema: AnySchema): FlatSchema {
  const out: FlatSchema = {};
  flattenAttributes(schema.attributes, "", out);
  flattenBlocks(schema.blocks, "", out);
  return out;
}

function describe_(e: Entry): string {
  const kind = e.type !== undefined ? ctyTypeToJson(e.type) : e.nested ? `nested ${e.nested}` : `block ${e.block}`;
  const modes = (["required", "optional", "computed", "sensitive"] as const).filter((f) => e[f]);
  return `${kind} ${modes.join("+") || "(no flags)"}`;
}

function sameEntry(a: Entry, b: Entry): boolean {
  if ((a.type === undefined) !== (b.type === undefined)) return false;
  if (a.type !== undefined && b.type !== undefined && !ctyTypeEquals(a.type, b.type)) return false;
  return (
    a.nested === b.nested &&
    a.block === b.block &&
    (["required", "optional", "computed", "sensitive"] as const).every((f) => Boolean(a[f]) === Boolean(b[f]))
  );
}

/** Every difference between the official and our schema of one type, as readable lines. */
function differences(typeName: string, official: FlatSchema, ours: FlatSchema): string[] {
  const out: string[] = [];
  for (const path of new Set([...Object.keys(official), ...Object.keys(ours)])) {
    if (knownDifference(typeName, path) !== undefined) continue;
    const o = official[path];
    const m = ours[path];
    if (!m) out.push(`${typeName} ${path}: missing (official: ${describe_(o)})`);
    else if (!o) out.push(`${typeName} ${path}: not in the official schema (ours: ${describe_(m)})`);
    else if (!sameEntry(o, m)) out.push(`${typeName} ${path}: official ${describe_(o)}, ours ${describe_(m)}`);
  }
  return out;
}

function listOf<T>(entries: readonly T[] | (() => readonly T[]) | undefined): readonly T[] {
  return typeof entries === "function" ? entries() : (entries ?? []);
}

const ourResources = new Map(
  listOf<Resource<unknown, AnySchema>>(incusProvider.resources).map((r) => [r.typeName, r.schema]),
);
const ourDataSources = new Map(
  listOf<DataSource<unknown, AnySchema>>(incusProvider.dataSources).map((d) => [d.typeName, d.schema]),
);

describe(`schema parity with the official incus provider ${reference.version}`, () => {
  const kinds = [
    ["resource", reference.resources, ourResources, NOT_YET_IMPLEMENTED_RESOURCES],
    ["data source", reference.data_sources, ourDataSources, NOT_YET_IMPLEMENTED_DATA_SOURCES],
  ] as const;

  for (const [kind, official, ours, notYet] of kinds) {
    it(`registers every official ${kind} not listed as not yet implemented`, () => {
      const missing = Object.keys(official).filter((t) => !ours.has(t) && !notYet.has(t));
      expect(missing).toEqual([]);
    });

    it(`lists as not yet implemented only official ${kind}s that are in fact missing`, () => {
      const stale = [...notYet].filter((t) => ours.has(t) || !(t in official));
      expect(stale).toEqual([]);
    });

    it(`gives every registered official ${kind} the official attributes, types and flags`, () => {
      const diffs = Object.keys(official)
        .filter((t) => ours.has(t))
        .flatMap((t) => differences(t, official[t], flatten(ours.get(t) as AnySchema)));
      expect(diffs).toEqual([]);
    });
  }

  it(`gives types ${reference.version} lacks the schema of the newer official source (${newer.version})`, () => {
    const kinds = [
      [reference.resources, newer.resources, ourResources],
      [reference.data_sources, newer.data_sources, ourDataSources],
    ] as const;
    const unknown: string[] = [];
    const diffs: string[] = [];
    for (const [released, later, ours] of kinds) {
      for (const [typeName, schema] of ours) {
        if (typeName in released || typeName in OUR_OWN) continue;
        if (typeName in later) diffs.push(...differences(typeName, later[typeName], flatten(schema)));
        else unknown.push(typeName);
      }
    }
    expect({ unknown, diffs }).toEqual({ unknown: [], diffs: [] });
  });

  it(`has the attributes added after ${reference.version} as the newer official source has them`, () => {
    const diffs = ADDED_AFTER_RELEASE.flatMap((key) => {
      const [typeName, path] = key.split(" ");
      const later = newer.resources[typeName] ?? newer.data_sources[typeName] ?? {};
      const schema = ourResources.get(typeName) ?? ourDataSources.get(typeName);
      const pick = (flat: FlatSchema): FlatSchema =>
        Object.fromEntries(Object.entries(flat).filter(([p]) => p === path || p.startsWith(`${path}.`)));
      const ours = pick(schema ? flatten(schema) : {});
      const theirs = pick(later);
      if (Object.keys(theirs).length === 0) return [`${key}: not in the newer official source`];
      return Object.keys({ ...ours, ...theirs })
        .filter((p) => !ours[p] || !theirs[p] || !sameEntry(ours[p], theirs[p]))
        .map(
          (p) =>
            `${typeName} ${p}: newer official ${theirs[p] ? describe_(theirs[p]) : "none"}, ours ${ours[p] ? describe_(ours[p]) : "none"}`,
        );
    });
    expect(diffs).toEqual([]);
  });

  it("lists only known differences that still exist", () => {
    const stale = Object.keys(KNOWN_DIFFERENCES).filter((key) => {
      const [typeName, path] = key.split(" ");
      const official = reference.resources[typeName] ?? reference.data_sources[typeName];
      const schema = ourResources.get(typeName) ?? ourDataSources.get(typeName);
      if (!official || !schema) return true;
      const o = official[path];
      const m = flatten(schema)[path];
      return (o === undefined && m === undefined) || (o !== undefined && m !== undefined && sameEntry(o, m));
    });
    expect(stale).toEqual([]);
  });
});
