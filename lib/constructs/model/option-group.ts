// Which options of a construct belong to one backend: the props say it next to their declaration, and
// private/option-groups.ts reads it to merge the grouped and the deprecated flat props.
import type { HostKind } from "./host";

/** One backend's options of a construct: the group's prop name and the names of the options in it. */
export interface OptionGroup<T extends object> {
  readonly group: HostKind;
  readonly names: readonly (keyof T & string)[];
}
