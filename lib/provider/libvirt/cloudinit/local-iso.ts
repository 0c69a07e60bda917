// The official provider's shape of libvirt_cloudinit_disk: a configuration without `pool` on a host without a pool
// named "default" gets the ISO as a file on the machine that runs terraform, to be uploaded with
// libvirt_volume create.content.url = libvirt_cloudinit_disk.<name>.path (as 0.9.x examples do). Unlike 0.9.x, the
// file is private (it holds user-data), named per resource (two disks with the same content do not share a file
// that deleting one would take away), and written again from the state when it disappeared (a reboot clearing
// the temporary directory, another CI runner), so nothing is replaced because of it.
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

/** Where the ISO files live: a private folder in the temporary directory, as the official provider's. */
export function localIsoDir(): string {
  return join(tmpdir(), "cdktf-virt-cloudinit");
}

/** The file for a disk named `name` whose ISO has this SHA-256. */
export function localIsoPath(name: string, checksum: string): string {
  return join(localIsoDir(), `${name}-${checksum.slice(0, 16)}.iso`);
}

/** Writes the ISO (readable by the owner only); returns its size. */
export async function writeLocalIso(path: string, iso: Buffer): Promise<number> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, iso, { mode: 0o600 });
  return iso.length;
}

/** The file's size, or undefined when it is gone. */
export async function localIsoSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Removes the ISO file of the disk named `name`; a path that is not such a file (an edited state) is left alone. */
export async function removeLocalIso(path: string, name: string): Promise<void> {
  const file = basename(path);
  if (!file.startsWith(`${name}-`) || !/^[0-9a-f]{16}\.iso$/.test(file.slice(name.length + 1))) return;
  await rm(path, { force: true });
}
