// Terraform drops keys it does not know inside a nested attribute's object value without a word
// (hashicorp/terraform#33570): `devices = { graphics = [...] }` against a schema without `graphics` reaches the
// provider as `devices = {}`. So every attribute the official provider (0.9.x) has where this one models the
// enclosing object is declared here as a placeholder of any type, and a value in it is refused at validate with its
// path. A key known to neither schema is still dropped by Terraform; nothing a provider receives shows it. An
// object value for an unsupported key set in some elements of a list (disks, interfaces) and not in others makes
// Terraform itself fail ("element types must all match"): an error too, only a less precise one.
import { CtyDynamic } from "../../cty";
import type { Attribute, Schema, Validator } from "../../framework";
import { bool, dynamic, listOf, num, str } from "../../framework";
import { OFFICIAL_DOMAIN_ATTRIBUTES } from "./official-attributes";
import type { OfficialKind } from "./official-attributes";

const refuse: Validator = {
  description: "not supported by this provider",
  validate(req, diags) {
    if (req.value instanceof CtyDynamic && req.value.value === null) return; // a typed null: not set
    const path = req.path
      .map((p) => (typeof p === "number" ? `[${p}]` : typeof p === "string" ? `.${p}` : ""))
      .join("");
    diags.error(
      "Unsupported attribute",
      `${path.replace(/^\./, "")} is an attribute of the official libvirt provider that this provider does not ` +
        "support; it would be ignored, so it is refused. Remove it (docs/libvirt.md lists what libvirt_domain models).",
      req.path,
    );
  },
};

/**
 * Values keep the official type where it is a plain one: inside a list of objects a value of any type set in one
 * element and not in another would make Terraform fail to build the list before the provider could name the key.
 */
function placeholder(kind: OfficialKind): Attribute {
  const opts = {
    optional: true,
    description: "Not supported by this provider: refused at plan time.",
    validators: [refuse],
  } as const;
  switch (kind) {
    case "string":
      return str(opts);
    case "number":
      return num(opts);
    case "bool":
      return bool(opts);
    case "strings":
      return listOf("string", opts);
    case "object":
      return dynamic(opts);
  }
}

type Attributes = Readonly<Record<string, Attribute>>;

function withPlaceholders(attributes: Attributes, path: string): Attributes {
  const out: Record<string, Attribute> = {};
  for (const [name, attr] of Object.entries(attributes)) {
    out[name] = attr.nested
      ? {
          ...attr,
          nested: {
            ...attr.nested,
            attributes: withPlaceholders(attr.nested.attributes, path === "" ? name : `${path}.${name}`),
          },
        }
      : attr;
  }
  for (const [name, kind] of Object.entries(OFFICIAL_DOMAIN_ATTRIBUTES[path] ?? {}))
    if (!(name in out)) out[name] = placeholder(kind);
  return out;
}

/** The attribute paths (e.g. "devices.disks") of the schema's nested objects, the root as "". */
export function objectPaths(attributes: Attributes, path = ""): string[] {
  return [
    path,
    ...Object.entries(attributes).flatMap(([name, attr]) =>
      attr.nested ? objectPaths(attr.nested.attributes, path === "" ? name : `${path}.${name}`) : [],
    ),
  ];
}

/**
 * `schema` with a refused placeholder for every official attribute it does not model, at every level where it models
 * the object. The model types stay those of `schema`: placeholders are always null in plans and state.
 */
export function refuseUnmodelled<const S extends Schema>(schema: S): S {
  return { ...schema, attributes: withPlaceholders(schema.attributes, "") } as S;
}

/** True for a placeholder attribute added by refuseUnmodelled. */
export function isPlaceholder(attr: Attribute): boolean {
  return attr.validators?.includes(refuse) === true;
}
