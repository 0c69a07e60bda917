// Which prior element of a set a configured element continues. An element matches a prior one when every
// attribute it compares is equal; it compares the attributes it sets to a known value (a computed attribute left
// null, or an unknown value, matches anything). Each prior element is matched at most once, and a configured
// element takes the first unmatched prior element (in prior order) that matches.
//
// Comparing every configured element with every prior element is O(n·m) equality checks, each of which
// normalizes both values: a set of 10 000 elements took minutes. Instead the prior elements are grouped once by a
// key over the compared attributes (one group table per combination of compared attributes, and configured
// elements of one set nearly always share one), so each configured element is one key and one Map lookup.
import { ctyEqual, ctyKey, isUnknown } from "../cty";
import type { CtyObjectValue, CtyType, CtyValue } from "../cty";
import { objectValue } from "./object-value";
import type { ObjectSchema } from "./schema-type";
import { attributeMode, attributeType } from "./schema-type";

interface Compared {
  readonly name: string;
  readonly type: CtyType;
  readonly computed: boolean;
}

/** Prior element indices by key, ascending; `next` skips the ones already taken. */
interface Group {
  readonly indices: number[];
  next: number;
}

export class SetElementMatcher {
  /** Keys computed so far (configured and prior values); a test reads it to prove the work stays linear. */
  public keysComputed = 0;
  private readonly attributes: readonly Compared[];
  private readonly priors: readonly (CtyObjectValue | null)[];
  private readonly used = new Set<number>();
  /** Group tables by the names of the compared attributes; null when a prior value does not fit its type. */
  private readonly tables = new Map<string, Map<string, Group> | null>();

  public constructor(schema: ObjectSchema, priorElements: readonly CtyValue[]) {
    this.attributes = Object.entries(schema.attributes).map(([name, attr]) => ({
      name,
      type: attributeType(attr),
      computed: attributeMode(attr).computed,
    }));
    this.priors = priorElements.map(objectValue);
  }

  /** The prior element `cfg` continues, now marked as taken; null when none matches. */
  public match(cfg: CtyObjectValue): CtyObjectValue | null {
    const compared = this.attributes.filter((a) => {
      const c = cfg[a.name] ?? null;
      return !(a.computed && c === null) && !isUnknown(c);
    });
    const signature = compared.map((a) => a.name).join("\u0000");
    const table = this.table(signature, compared);
    let key: string | undefined;
    if (table) {
      try {
        key = this.key(cfg, compared);
      } catch {
        key = undefined; // a configured value that does not fit its type: let the pairwise comparison report it
      }
    }
    if (table === null || key === undefined) return this.scan(cfg, compared);
    const group = table.get(key);
    if (!group) return null;
    while (group.next < group.indices.length && this.used.has(group.indices[group.next])) group.next++;
    if (group.next >= group.indices.length) return null;
    const j = group.indices[group.next++];
    this.used.add(j);
    return this.priors[j];
  }

  private table(signature: string, compared: readonly Compared[]): Map<string, Group> | null {
    const existing = this.tables.get(signature);
    if (existing !== undefined) return existing;
    let table: Map<string, Group> | null = new Map();
    try {
      this.priors.forEach((p, j) => {
        if (!p) return;
        const key = this.key(p, compared);
        const group = table!.get(key);
        if (group) group.indices.push(j);
        else table!.set(key, { indices: [j], next: 0 });
      });
    } catch {
      table = null; // a prior value that does not fit its type: compare pairwise, as Terraform's data allows
    }
    this.tables.set(signature, table);
    return table;
  }

  private key(element: CtyObjectValue, compared: readonly Compared[]): string {
    this.keysComputed++;
    return JSON.stringify(compared.map((a) => ctyKey(element[a.name] ?? null, a.type)));
  }

  /** The pairwise search, for elements whose values cannot be keyed. */
  private scan(cfg: CtyObjectValue, compared: readonly Compared[]): CtyObjectValue | null {
    for (let j = 0; j < this.priors.length; j++) {
      const p = this.priors[j];
      if (this.used.has(j) || !p) continue;
      if (compared.every((a) => ctyEqual(cfg[a.name] ?? null, p[a.name] ?? null, a.type))) {
        this.used.add(j);
        return p;
      }
    }
    return null;
  }
}
