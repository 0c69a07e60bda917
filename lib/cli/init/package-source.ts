// Where the new repository gets cdktf-virt from when --package names a path. A tarball is copied into vendor/ and
// named relatively (`file:vendor/cdktf-virt-0.1.0.tgz`): committed with the repository, it is there in every clone,
// where an absolute path, or one relative to a folder outside the repository, would point at nothing.
import { existsSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";

export const VENDOR_DIR = "vendor";

export interface PackageDependency {
  /** The spec written into package.json. */
  readonly spec: string;
  /** A tarball to copy into the repository: from (absolute) → path (relative to the repository). */
  readonly vendored?: { readonly from: string; readonly path: string };
}

/**
 * The dependency for a spec made by normalizePackageSpec (paths are `file:<absolute>`), in repository `dir`:
 * a tarball outside the repository is vendored; a path inside it, a directory or a missing path is written relative
 * to the repository (`file:../cdktf-virt`); any other spec stays as it is.
 */
export function packageDependency(spec: string, dir: string): PackageDependency {
  if (!spec.startsWith("file:")) return { spec };
  const from = resolve(dir, spec.slice("file:".length));
  const inside = relative(dir, from);
  const isInside = inside !== "" && !inside.startsWith(`..${sep}`) && inside !== ".." && !isAbsolute(inside);
  if (!isInside && existsSync(from) && statSync(from).isFile()) {
    const path = `${VENDOR_DIR}/${basename(from)}`;
    return { spec: `file:${path}`, vendored: { from, path } };
  }
  return { spec: `file:${inside.split(sep).join("/") || "."}` };
}

/** True when the vendored copy would overwrite its own source (init run again with --package vendor/x.tgz). */
export function vendoredInPlace(dependency: PackageDependency, dir: string): boolean {
  return (
    dependency.vendored !== undefined &&
    resolve(dependency.vendored.from) === join(resolve(dir), dependency.vendored.path)
  );
}
