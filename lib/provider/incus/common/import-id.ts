// Import IDs in the official provider's grammar: `[remote:][project/]f1[/f2][,opt=value]`. With two or more
// fields the first slash is mandatory (`[project]/pool/name`), so "/pool/name" means the default project.

export interface ImportIdSpec {
  /** The required fields in order, e.g. ["name"] or ["pool", "name"]. */
  readonly fields: readonly string[];
  /** Option keys allowed after a comma, e.g. ["image"] for `name,image=alpine`. */
  readonly options?: readonly string[];
  /** Resource type shown in the error's usage line, e.g. "incus_profile". */
  readonly typeName?: string;
  /** Set false for resources that live outside projects (incus_project): a project part is rejected. */
  readonly allowProject?: boolean;
}

export interface ParsedImportId {
  /** The remote before the first ":", or null when the ID names none. */
  readonly remote: string | null;
  /** The project part, or null when the ID names none (or leaves it empty). */
  readonly project: string | null;
  /** Required fields by name. */
  readonly fields: Readonly<Record<string, string>>;
  /** Options given after commas, by key. */
  readonly options: Readonly<Record<string, string>>;
}

/** The usage line printed with every import ID error. */
export function importIdFormat(spec: ImportIdSpec): string {
  const project = spec.allowProject === false ? "" : spec.fields.length > 1 ? "[<project>]/" : "[<project>/]";
  const fields = spec.fields.map((f) => `<${f}>`).join("/");
  const options = (spec.options ?? []).map((o) => `[,${o}=<value>]`).join("");
  return `[<remote>:]${project}${fields}${options}`;
}

/** Parses an import ID; throws an Error whose message shows the valid format. */
export function parseImportId(id: string, spec: ImportIdSpec): ParsedImportId {
  const fail = (problem: string): never => {
    const usage = `terraform import ${spec.typeName ?? "<type>"}.<name> ${importIdFormat(spec)}`;
    throw new Error(`Invalid import ID ${JSON.stringify(id)}: ${problem}. Valid format: ${usage}`);
  };
  if (id.trim() === "") fail("the ID is empty");
  const [main, ...optionParts] = id.split(",");

  let rest = main;
  let remote: string | null = null;
  const colon = rest.indexOf(":");
  if (colon >= 0) {
    remote = rest.slice(0, colon) || null;
    rest = rest.slice(colon + 1);
  }

  let parts = rest.split("/");
  let project: string | null = null;
  if (parts.length > 1) {
    project = parts[0] || null;
    parts = parts.slice(1);
    if (spec.allowProject === false) fail("this resource takes no project part");
  }
  if (parts.length !== spec.fields.length) fail(`expected the fields ${spec.fields.join(", ")}`);
  const fields: Record<string, string> = {};
  spec.fields.forEach((name, i) => {
    if (parts[i] === "") fail(`the ${name} part is empty`);
    fields[name] = parts[i];
  });

  const options: Record<string, string> = {};
  const allowed = spec.options ?? [];
  for (const part of optionParts) {
    if (part === "") continue;
    const eq = part.split("=");
    if (eq.length !== 2) fail(`option ${JSON.stringify(part)} is not in key=value form`);
    if (!allowed.includes(eq[0])) {
      fail(`unexpected option ${JSON.stringify(eq[0])}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`);
    }
    options[eq[0]] = eq[1];
  }
  return { remote, project, fields, options };
}

/** Builds the ID that imports an object (used in "run terraform import" messages). */
export function formatImportId(parts: {
  readonly remote?: string | null;
  readonly project?: string | null;
  readonly fields: readonly string[];
  readonly options?: Readonly<Record<string, string>>;
}): string {
  let id = parts.remote ? `${parts.remote}:` : "";
  const project = parts.project && parts.project !== "default" ? parts.project : "";
  if (project || parts.fields.length > 1) id += `${project}/`;
  id += parts.fields.join("/");
  for (const [k, v] of Object.entries(parts.options ?? {})) id += `,${k}=${v}`;
  return id;
}
