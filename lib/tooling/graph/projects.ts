// Which Incus project an object lives in: the managed incus_project its `project` argument references or names, else
// a project the stack only names (drawn as an unmanaged node). Objects without `project` are in the default project,
// which the picture leaves implicit.
import { referencedAddresses } from "../stack/references";
import { literalName } from "../stack/resource-view";
import type { ResourceView } from "../stack/resource-view";

/** The resource type of an Incus project. */
export const PROJECT_TYPE = "incus_project";

/** A project node to add: managed (its address) or only named by the stack. */
export interface ProjectRef {
  readonly id: string;
  readonly name: string;
  readonly managed: boolean;
}

/** Resolves the project of a view; `host` keeps equally named projects of different hosts apart. */
export function projectResolver(
  views: ReadonlyMap<string, ResourceView>,
): (view: ResourceView, host: string | undefined) => ProjectRef | undefined {
  const byName = new Map<string, ResourceView>();
  for (const view of views.values()) {
    if (view.type !== PROJECT_TYPE) continue;
    const name = literalName(views, view.attributes.name);
    if (name !== undefined && !byName.has(name)) byName.set(name, view);
  }
  return (view, host) => {
    if (!view.type.startsWith("incus_") || view.type === PROJECT_TYPE) return undefined;
    const value = view.attributes.project;
    const referenced = referencedAddresses(value).find((address) => views.get(address)?.type === PROJECT_TYPE);
    const name =
      referenced !== undefined
        ? (literalName(views, views.get(referenced)!.attributes.name) ?? referenced)
        : literalName(views, value);
    if (name === undefined || name === "default") return undefined;
    const managed = referenced ?? byName.get(name)?.address;
    return managed !== undefined
      ? { id: managed, name, managed: true }
      : { id: `project:${host ?? "?"}:${name}`, name, managed: false };
  };
}
