// The TypeScript text of a generated binding file, from its model (model.ts). The output is plain TypeScript that
// imports only the binding layer's base classes: loading a binding never loads the provider.
import type { BindingModel, FieldModel, GetterModel, InterfaceModel, KindModel, SpecModel } from "./model";
import { pascalCase } from "./model";

const WIDTH = 118;

/** What differs between the class of a resource binding and that of a data source binding. */
interface ClassShape {
  readonly className: string;
  /** The binding layer's base class, and the file (under lib/bindings) it is in. */
  readonly base: "SpecResource" | "SpecDataSource";
  readonly baseFile: "spec-resource" | "spec-data-source";
  /** What the class doc calls the object when the schema has no description. */
  readonly noun: string;
  /** The getter types whose getters return IResolvable. */
  readonly resolvable: readonly GetterModel["type"][];
}

/** A resource binding: config interfaces, the spec and the SpecResource subclass. */
export function renderResource(binding: BindingModel, schemaDescription: string | undefined, header: string): string {
  return renderBinding(binding, schemaDescription, header, {
    className: `${pascalCase(binding.terraformName)}Resource`,
    base: "SpecResource",
    baseFile: "spec-resource",
    noun: "resource",
    resolvable: ["boolean"],
  });
}

/** A data source binding (cdktf's naming: DataIncusInstance): config interfaces, the spec and the SpecDataSource. */
export function renderDataSource(binding: BindingModel, schemaDescription: string | undefined, header: string): string {
  return renderBinding(binding, schemaDescription, header, {
    className: `Data${pascalCase(binding.terraformName)}`,
    base: "SpecDataSource",
    baseFile: "spec-data-source",
    noun: "data source",
    resolvable: ["boolean", "structured"],
  });
}

function renderBinding(
  binding: BindingModel,
  schemaDescription: string | undefined,
  header: string,
  shape: ClassShape,
): string {
  const cdktfTypes = [
    ...(binding.getters.some((g) => shape.resolvable.includes(g.type)) ? ["IResolvable"] : []),
    "TerraformMetaArguments",
  ];
  const imports = [
    `import type { ${cdktfTypes.join(", ")} } from "cdktf";`,
    `import type { Construct } from "constructs";`,
    `import type { AttributeSpec } from "../../attributes";`,
    `import { ${shape.base} } from "../../${shape.baseFile}";`,
  ];
  const classDoc = docLines(
    schemaDescription ? schemaDescription.split("\n") : [`The ${binding.terraformName} ${shape.noun}.`],
    "",
  );
  const body = [
    `  public static readonly tfResourceType = ${JSON.stringify(binding.terraformName)};`,
    "",
    `  public constructor(scope: Construct, id: string, config: ${binding.configName}) {`,
    "    super(",
    "      scope,",
    "      id,",
    `      { type: ${JSON.stringify(binding.terraformName)}, providerName: ${JSON.stringify(
      binding.providerName,
    )}, spec: ${binding.specName} },`,
    "      config,",
    "    );",
    "  }",
    ...binding.getters.flatMap((g) => ["", ...renderGetter(g)]),
  ];
  return [
    header,
    ...imports,
    "",
    ...binding.interfaces.flatMap((i) => [...renderInterface(i), ""]),
    ...renderSpec(binding),
    "",
    ...classDoc,
    `export class ${shape.className} extends ${shape.base}<${binding.configName}> {`,
    ...body,
    "}",
    "",
  ].join("\n");
}

/** A provider configuration: its config interfaces and spec (the provider classes add the source and version). */
export function renderProvider(binding: BindingModel, header: string): string {
  return [
    header,
    `import type { AttributeSpec } from "../../attributes";`,
    "",
    ...binding.interfaces.flatMap((i) => [...renderInterface(i), ""]),
    ...renderSpec(binding),
    "",
  ].join("\n");
}

function renderInterface(model: InterfaceModel): string[] {
  // A data source without arguments: its config is the meta-arguments alone (an empty interface would only alias it).
  if (model.fields.length === 0 && model.extends.length === 1) {
    return [...docLines(model.doc, ""), `export type ${model.name} = ${model.extends[0]};`];
  }
  const head = `export interface ${model.name}${
    model.extends.length > 0 ? ` extends ${model.extends.join(", ")}` : ""
  } {`;
  return [...docLines(model.doc, ""), head, ...model.fields.flatMap(renderField), "}"];
}

function renderField(field: FieldModel): string[] {
  return [...docLines(field.doc, "  "), `  readonly ${field.name}${field.optional ? "?" : ""}: ${field.type};`];
}

/** How each kind of getter reads its attribute, and the TypeScript type it returns. */
const GETTER_READS: Record<GetterModel["type"], { readonly method: string; readonly type: string }> = {
  string: { method: "attribute", type: "string" },
  number: { method: "getNumberAttribute", type: "number" },
  boolean: { method: "getBooleanAttribute", type: "IResolvable" },
  stringMap: { method: "getStringMapAttribute", type: "{ [key: string]: string }" },
  stringList: { method: "getListAttribute", type: "string[]" },
  structured: { method: "structuredAttribute", type: "IResolvable" },
};

function renderGetter(getter: GetterModel): string[] {
  const { method, type } = GETTER_READS[getter.type];
  const read = `this.${method}(${JSON.stringify(getter.terraformName)})`;
  return [...docLines(getter.doc, "  "), `  public get ${getter.name}(): ${type} {`, `    return ${read};`, "  }"];
}

function renderSpec(binding: BindingModel): string[] {
  return [`export const ${binding.specName}: AttributeSpec = ${specLiteral(binding.spec, "")};`];
}

function specLiteral(spec: SpecModel, indent: string): string {
  const inner = `${indent}  `;
  const entries = Object.entries(spec).map(([name, kind]) => `${inner}${name}: ${kindLiteral(kind, inner)},`);
  return entries.length === 0 ? "{}" : `{\n${entries.join("\n")}\n${indent}}`;
}

function kindLiteral(kind: KindModel, indent: string): string {
  if (kind === "value" || kind === "map") return JSON.stringify(kind);
  if ("object" in kind) return `{ object: ${specLiteral(kind.object, indent)} }`;
  if ("list" in kind) return `{ list: ${specLiteral(kind.list, indent)} }`;
  return `{ mapOf: ${specLiteral(kind.mapOf, indent)} }`;
}

/** A JSDoc comment, words wrapped to the line width; none for no text. */
function docLines(lines: readonly string[], indent: string): string[] {
  const text = lines.map((l) => l.replace(/\*\//g, "*\\/").trim()).filter((l) => l !== "");
  if (text.length === 0) return [];
  const single = `${indent}/** ${text.join(" ")} */`;
  if (text.length === 1 && single.length <= WIDTH) return [single];
  const width = WIDTH - indent.length - 3;
  return [`${indent}/**`, ...text.flatMap((l) => wrap(l, width)).map((l) => `${indent} * ${l}`), `${indent} */`];
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") out.push(line);
  return out;
}
