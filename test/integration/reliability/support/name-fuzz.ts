// Fuzzing construct names: any name gives a validation error on "name" or an object name the real Incus accepts
// (oracles in incus-rules.ts, calibrated on incusd), emitted unchanged; valid names are accepted; default names
// derived from construct ids are valid and distinct; two objects with one name are refused at synth.
import type { TerraformStack } from "cdktf";
import type { IConstruct } from "constructs";
import fc from "fast-check";
import { ConstructValidationError, Instance, Network, Profile, Project, StoragePool, Volume } from "../../../../lib";
import type { IncusHost, IStoragePool } from "../../../../lib";
import { assertValidationError, freshStack, IMAGE, incusHost, pool, STACK, synthJson, thrown } from "./fuzz-stack";
import { incusNameProblem } from "./incus-rules";
import type { IncusObjectKind } from "./incus-rules";

/** One kind of named object: how to build it with a given name, and where its name lands in the JSON. */
export interface NamedKind {
  readonly kind: IncusObjectKind;
  readonly resourceType: string;
  /** Builds the subject construct (id "subject") with `name`; returns it. */
  build(stack: TerraformStack, name: string | undefined, id?: string): IConstruct;
  /** Names that are certainly valid for this kind (the constructs must accept them). */
  readonly validNames: fc.Arbitrary<string>;
}

const notReserved = (n: string) => n !== "default";

export const NAMED_KINDS: readonly NamedKind[] = [
  {
    kind: "instance",
    resourceType: "incus_instance",
    build: (stack, name, id = "subject") => new Instance(stack, id, { host: incusHost(stack), image: IMAGE, name }),
    validNames: fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/),
  },
  {
    kind: "volume",
    resourceType: "incus_storage_volume",
    build: (stack, name, id = "subject") => {
      const host = incusHost(stack);
      return new Volume(stack, id, { pool: pool(stack, host), name });
    },
    validNames: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/),
  },
  {
    kind: "storage-pool",
    resourceType: "incus_storage_pool",
    build: (stack, name, id = "subject") => new StoragePool(stack, id, { host: incusHost(stack), name }),
    validNames: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/),
  },
  {
    kind: "network",
    resourceType: "incus_network",
    build: (stack, name, id = "subject") => new Network(stack, id, { host: incusHost(stack), name }),
    validNames: fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,13}[A-Za-z0-9]$/),
  },
  {
    kind: "project",
    resourceType: "incus_project",
    build: (stack, name, id = "subject") => new Project(stack, id, { host: incusHost(stack), name }),
    validNames: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.-]{0,62}$/).filter(notReserved),
  },
  {
    kind: "profile",
    resourceType: "incus_profile",
    build: (stack, name, id = "subject") => new Profile(stack, id, { host: incusHost(stack), name }),
    validNames: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/).filter(notReserved),
  },
];

/** Names of every shape: printable, unicode, raw code units, almost-valid, and known edge cases. */
export const anyName: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.stringMatching(/^[A-Za-z0-9._:-]{1,70}$/),
  fc.constantFrom(
    "",
    ".",
    "..",
    "-",
    "a-",
    "-a",
    "a_b",
    "a.b",
    "a:b",
    "A",
    "9",
    "123",
    "default",
    "a b",
    " a",
    "a/b",
    "a\u0000b",
    "é",
    "x".repeat(15),
    "x".repeat(16),
    "x".repeat(63),
    "x".repeat(64),
  ),
);

/** Property: any name → a validation error on "name", or an object name Incus accepts, emitted unchanged. */
export function namesProperty(named: NamedKind): fc.IPropertyWithHooks<[string]> {
  return fc.property(anyName, (name) => {
    const stack = freshStack();
    let subject: IConstruct | undefined;
    const err = thrown(() => {
      subject = named.build(stack, name);
    });
    if (err !== undefined) return assertValidationError(err, `${STACK}/subject`, "name", name);
    const json = synthJson(stack);
    const emitted = json.resource?.[named.resourceType]?.subject?.name;
    if (emitted !== name)
      throw new Error(
        `${named.kind} name ${JSON.stringify(name)} was emitted as ${JSON.stringify(emitted)} (${subject?.node.path})`,
      );
    const problem = incusNameProblem(named.kind, name);
    if (problem)
      throw new Error(
        `the ${named.kind} name ${JSON.stringify(name)} was accepted at synth, but Incus rejects it (${problem})`,
      );
  });
}

/** Property: names that are certainly valid are accepted. */
export function validNamesProperty(named: NamedKind): fc.IPropertyWithHooks<[string]> {
  return fc.property(named.validNames, (name) => {
    const err = thrown(() =>
      synthJson(
        (() => {
          const stack = freshStack();
          named.build(stack, name);
          return stack;
        })(),
      ),
    );
    if (err !== undefined)
      throw new Error(`the valid ${named.kind} name ${JSON.stringify(name)} was rejected: ${(err as Error).message}`);
  });
}

/** Construct ids of every shape (the default object names derive from them). */
const anyIds: fc.Arbitrary<readonly string[]> = fc.oneof<fc.Arbitrary<readonly string[]>[]>(
  // constructs keeps children in a plain object, so ids such as "toString" clash with Object.prototype there.
  fc.uniqueArray(
    fc
      .oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.stringMatching(/^[A-Za-z0-9._ -]{1,12}$/))
      .filter((id) => !(id in {})),
    {
      minLength: 2,
      maxLength: 6,
      // constructs itself rejects two children with the same id (after its own "/" sanitising).
      selector: (id) => id.replace(/\//g, "--"),
    },
  ),
  // Ids users really write that differ only in case or punctuation.
  fc.constantFrom(["db.data", "db_data"], ["Web", "web"], ["data 1", "data-1"], ["_", " "]),
);

/**
 * Property: constructs of one kind, given no names, get default names that Incus accepts and that differ from each
 * other (two objects with one name in one pool or host cannot both exist) — or the collision is refused at synth
 * with a validation error on "name".
 */
export function defaultNamesProperty(named: NamedKind): fc.IPropertyWithHooks<[readonly string[]]> {
  return fc.property(anyIds, (ids) => {
    const stack = freshStack();
    const host = incusHost(stack);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    const built: IConstruct[] = [];
    const err = thrown(() => {
      for (const id of ids) built.push(buildWithHost(named, stack, host, id));
      json = synthJson(stack);
    });
    if (err !== undefined) {
      if (refusedUnusableId(err, ids)) return;
      // Refusing a collision (and asking for another id or an explicit name) is as good as avoiding it.
      const path =
        err instanceof ConstructValidationError
          ? err.constructPath
          : (built[built.length - 1]?.node.path ?? `${STACK}/?`);
      return assertValidationError(err, path, "name", ids);
    }
    const names = Object.values((json.resource?.[named.resourceType] ?? {}) as Record<string, { name: string }>).map(
      (r) => r.name,
    );
    if (names.length !== ids.length)
      throw new Error(`${ids.length} ${named.kind}s synthesized to ${names.length} resources`);
    for (const name of names) {
      const problem = incusNameProblem(named.kind, name);
      if (problem)
        throw new Error(
          `default ${named.kind} name ${JSON.stringify(name)} (ids ${JSON.stringify(
            ids,
          )}) is rejected by Incus: ${problem}`,
        );
    }
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate !== undefined) {
      throw new Error(
        `two ${named.kind}s of one stack (ids ${JSON.stringify(ids)}) both get the default name ${JSON.stringify(
          duplicate,
        )}; the second one cannot be created`,
      );
    }
  });
}

/**
 * cdktf makes a resource's Terraform name by dropping the characters Terraform does not allow from its id: " " leaves
 * "", "__proto__ " leaves a key the JSON object loses. Such an id must be refused at synth with a line that names it
 * (and only such an id may be refused that way).
 */
function refusedUnusableId(err: unknown, ids: readonly string[]): boolean {
  if (!(err instanceof Error) || !err.message.startsWith("Validation failed")) return false;
  // constructs itself turns "/" in an id into "--".
  const unusable = ids
    .map((id) => id.replace(/\//g, "--"))
    .filter((id) => {
      const name = id.replace(/[^A-Za-z0-9_-]/g, "");
      return !/^[A-Za-z_]/.test(name) || name in {};
    });
  return unusable.some((id) =>
    err.message.includes(`construct id ${JSON.stringify(id)} gives the Terraform resource name`),
  );
}

/** Property: two constructs of one kind given the same explicit name → a validation error, not a broken deploy. */
export function duplicateNamesProperty(named: NamedKind): fc.IPropertyWithHooks<[string]> {
  return fc.property(named.validNames, (name) => {
    const stack = freshStack();
    const host = incusHost(stack);
    const err = thrown(() => {
      buildWithHost(named, stack, host, "first", name);
      buildWithHost(named, stack, host, "second", name);
      synthJson(stack);
    });
    if (err === undefined)
      throw new Error(
        `two ${named.kind}s named ${JSON.stringify(
          name,
        )} on one host were accepted; the deploy would fail on the second`,
      );
    assertValidationError(err, `${STACK}/second`, "name", name);
  });
}

function buildWithHost(
  named: NamedKind,
  stack: TerraformStack,
  host: IncusHost,
  id: string,
  name?: string,
): IConstruct {
  switch (named.kind) {
    case "instance":
      return new Instance(stack, id, { host, image: IMAGE, name });
    case "volume": {
      const p = (stack.node.tryFindChild("pool") as IStoragePool | undefined) ?? pool(stack, host);
      return new Volume(stack, id, { pool: p, name });
    }
    case "storage-pool":
      return new StoragePool(stack, id, { host, name });
    case "network":
      return new Network(stack, id, { host, name });
    case "project":
      return new Project(stack, id, { host, name });
    case "profile":
      return new Profile(stack, id, { host, name });
  }
}
