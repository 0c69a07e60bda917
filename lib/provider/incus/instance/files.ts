// `file` blocks: files pushed into a running instance. Files are keyed by target_path. Like the official
// provider, files are not read back (an instance's own programs may legitimately change them); a changed block
// deletes and re-uploads the file so new ownership and permissions apply.
import { promises as fs } from "node:fs";
import * as path from "node:path";
import type { Unknown } from "../../cty";
import type { Diagnostics } from "../../framework";
import { bool, custom, isUnknown, knownOrNull, num, regex, setBlock, str, useStateForUnknown } from "../../framework";
import type { CallOptions, IncusClient } from "../../../incus";
import type { FilesEndpoint } from "../../../incus/instance-files";
import { expandHome, ignoreNotFound, unixId } from "../common";

/** Permission bits used when a block leaves `mode` / `directory_mode` unset (as the official provider). */
export const DEFAULT_FILE_MODE = "0755";
export const DEFAULT_DIRECTORY_MODE = "0755";

const OCTAL_MODE = /^0?[0-7]{3}$|^[0-7]{4}$/;

/** One `file` block's value. */
export interface FileBlockValue {
  readonly content: string | null;
  readonly source_path: string | null;
  readonly target_path: string;
  readonly uid: number | null;
  readonly gid: number | null;
  readonly mode: string | null;
  readonly directory_mode: string | null;
  readonly create_directories: boolean | null;
  readonly append: boolean | null;
}

/**
 * The schema of the `file` set block (shared shape with the official provider); `into` names the target. Its
 * literal type, so models know its attributes.
 */
export function fileBlock(into = "the instance") {
  const modeCheck = regex(OCTAL_MODE, 'an octal permission string such as "0644" or "755"');
  return setBlock(
    {
      // Sensitive (unlike the official provider): uploaded files are where configuration secrets go.
      content: str({
        optional: true,
        sensitive: true,
        description: "The file's contents (exclusive with source_path).",
      }),
      source_path: str({ optional: true, description: "A local file to upload (exclusive with content)." }),
      target_path: str({
        required: true,
        description: `Absolute path of the file inside ${into}.`,
        validators: [
          custom(
            (v) =>
              String(v).startsWith("/")
                ? undefined
                : `target_path ${JSON.stringify(v)} must be an absolute path (start with /).`,
            "an absolute path",
          ),
        ],
      }),
      uid: num({ optional: true, validators: [unixId] }),
      gid: num({ optional: true, validators: [unixId] }),
      mode: str({ optional: true, computed: true, validators: [modeCheck], planModifiers: [useStateForUnknown()] }),
      directory_mode: str({ optional: true, validators: [modeCheck] }),
      create_directories: bool({ optional: true }),
      append: bool({ computed: true }),
    },
    { description: `A file to upload into ${into}.` },
  );
}

/** The blocks of a value as typed records (unknown or null elements dropped). */
export function fileBlocks(value: unknown): FileBlockValue[] {
  return Array.isArray(value) ? (value.filter((f) => f && typeof f === "object") as FileBlockValue[]) : [];
}

/** The computed parts of a file block, which a plan may not know yet. */
interface FileComputed {
  readonly mode: string | null | Unknown;
  readonly append: boolean | null | Unknown;
}

/**
 * Fills the computed parts of a planned block: the effective mode when the configuration leaves it unset, and
 * `append` (always false, kept for state compatibility with the official provider).
 */
export function withFileDefaults<F extends FileComputed>(planned: F, configured: Pick<FileComputed, "mode"> | null): F {
  const configuredMode = configured ? (configured.mode ?? null) : null;
  const mode =
    configuredMode === null && (planned.mode === null || isUnknown(planned.mode)) ? DEFAULT_FILE_MODE : planned.mode;
  return { ...planned, mode, append: false };
}

/**
 * The planned blocks as state records them. Their computed parts are always planned (withFileDefaults), so
 * nothing here is unknown by the time a create or update runs.
 */
export function recordedFiles<F extends FileComputed>(
  planned: readonly F[],
): (Omit<F, keyof FileComputed> & { mode: string | null; append: boolean | null })[] {
  return planned.map((f) => ({ ...f, mode: knownOrNull(f.mode), append: knownOrNull(f.append) }));
}

/** Config checks the schema cannot express: exactly one of content/source_path; unique target paths. */
export function validateFiles(files: readonly FileBlockValue[], diags: Diagnostics): void {
  const seen = new Set<string>();
  for (const f of files) {
    const hasContent = f.content !== null && f.content !== undefined;
    const hasSource = f.source_path !== null && f.source_path !== undefined;
    if (hasContent === hasSource) {
      diags.error(
        "Invalid file block",
        `The file block for ${JSON.stringify(f.target_path)} must set exactly one of "content" or "source_path".`,
        ["file"],
      );
    }
    if (typeof f.target_path === "string") {
      if (seen.has(f.target_path)) {
        diags.error("Duplicate file block", `Two file blocks upload to ${JSON.stringify(f.target_path)}; keep one.`, [
          "file",
        ]);
      }
      seen.add(f.target_path);
    }
  }
}

/** Whether two blocks for the same target would produce a different file (content, source or permissions). */
export function fileChanged(a: FileBlockValue, b: FileBlockValue): boolean {
  return (
    a.content !== b.content ||
    a.source_path !== b.source_path ||
    (a.uid ?? 0) !== (b.uid ?? 0) ||
    (a.gid ?? 0) !== (b.gid ?? 0) ||
    (a.mode ?? DEFAULT_FILE_MODE) !== (b.mode ?? DEFAULT_FILE_MODE)
  );
}

async function fileContent(file: FileBlockValue): Promise<Buffer> {
  if (file.content !== null && file.content !== undefined) return Buffer.from(file.content, "utf8");
  const source = expandHome(String(file.source_path));
  try {
    return await fs.readFile(source);
  } catch (err) {
    throw new Error(
      `Cannot read source_path ${JSON.stringify(file.source_path)} for ${file.target_path}: ${(err as Error).message}`,
    );
  }
}

/** mkdir -p of the target's parent directories, owned like the file. */
async function createParents(files: FilesEndpoint, file: FileBlockValue, call: CallOptions): Promise<void> {
  const parts = path.posix.dirname(file.target_path).split("/").filter(Boolean);
  let current = "";
  for (const part of parts) {
    current += `/${part}`;
    const existing = await ignoreNotFound(files.get(current, call));
    if (existing) {
      if (existing.type !== "directory") throw new Error(`${current} exists in ${files.what} and is not a directory`);
      continue;
    }
    await files.mkdir(current, {
      ...call,
      uid: file.uid ?? 0,
      gid: file.gid ?? 0,
      mode: file.directory_mode ?? DEFAULT_DIRECTORY_MODE,
    });
  }
}

/** Pushes one file block into an instance or a custom volume. */
export async function uploadFile(files: FilesEndpoint, file: FileBlockValue, call: CallOptions): Promise<void> {
  const data = await fileContent(file);
  if (file.create_directories) await createParents(files, file, call);
  await files.push(file.target_path, data, {
    ...call,
    uid: file.uid ?? 0,
    gid: file.gid ?? 0,
    mode: file.mode ?? DEFAULT_FILE_MODE,
    write: file.append ? "append" : "overwrite",
  });
}

/** Deletes a file; one that is already gone is fine. */
export async function deleteFile(files: FilesEndpoint, targetPath: string, call: CallOptions): Promise<void> {
  await ignoreNotFound(files.delete(targetPath, call));
}

/**
 * Brings the files of an instance or a custom volume from `prior` blocks to `planned` blocks: removed blocks
 * delete their file, new blocks upload, changed blocks delete and re-upload.
 */
export async function syncFilesIn(
  files: FilesEndpoint,
  prior: readonly FileBlockValue[],
  planned: readonly FileBlockValue[],
  call: CallOptions,
): Promise<void> {
  const before = new Map(prior.map((f) => [f.target_path, f]));
  const after = new Map(planned.map((f) => [f.target_path, f]));
  for (const [target] of before) {
    if (!after.has(target)) await deleteFile(files, target, call);
  }
  for (const [target, file] of after) {
    const old = before.get(target);
    if (old && !fileChanged(old, file)) continue;
    if (old) await deleteFile(files, target, call);
    await uploadFile(files, file, call);
  }
}

/** syncFilesIn for a running instance. */
export function syncFiles(
  client: IncusClient,
  instance: string,
  prior: readonly FileBlockValue[],
  planned: readonly FileBlockValue[],
  call: CallOptions,
): Promise<void> {
  return syncFilesIn(client.instanceFiles.of(instance), prior, planned, call);
}
