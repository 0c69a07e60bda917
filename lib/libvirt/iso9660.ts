// A small ISO9660 writer for cloud-init NoCloud seed images: one root directory of regular files, an ISO9660
// primary volume descriptor (level-1 style 8.3 upper-case names) and a Joliet supplementary descriptor that
// carries the real names (`user-data`, `meta-data`, `network-config`), then 300 KiB of padding. Linux's isofs
// prefers the Joliet tree when one is present, so the guest sees the names cloud-init looks for; without Joliet
// it would show `user_dat.` (level-1 names cannot hold a hyphen or nine letters). Rock Ridge is not needed for
// that and is left out. Output is deterministic: the same files and date give the same bytes. Pure: no I/O.

const SECTOR = 2048;
/** Sectors 0-15 are the system area; the first volume descriptor is at sector 16. */
const FIRST_DESCRIPTOR = 16;
const JOLIET_MAX_NAME = 64;
/**
 * Zero sectors after the last file, counted in the volume (as mkisofs/genisoimage's default -pad): Linux reads a
 * cdrom ahead and fails on reads past the end of a short disc, and a tiny device is not even probed — busybox's
 * blkid/findfs give up on anything under 68 KiB, so a guest could not find its seed by label.
 */
const PAD_SECTORS = 150;

export interface IsoFile {
  /** The file's real name (Joliet tree), e.g. "user-data". At most 64 characters, no "/". */
  readonly name: string;
  readonly content: Uint8Array | string;
}

export interface IsoOptions {
  /** Volume label, written upper-case into the primary descriptor and as given into the Joliet one (e.g. "cidata"). */
  readonly volumeId: string;
  readonly files: readonly IsoFile[];
  /** Recording date of every record; default 2000-01-01T00:00:00Z so that the output depends on the inputs only. */
  readonly date?: Date;
}

interface Entry {
  readonly primaryName: string;
  readonly jolietName: string;
  readonly data: Buffer;
  lba: number;
}

/** Builds the ISO image of a single directory of files. Throws on names it cannot represent. */
export function buildIso9660(options: IsoOptions): Buffer {
  const date = options.date ?? new Date(Date.UTC(2000, 0, 1));
  if (!/^[A-Za-z0-9_]{1,16}$/.test(options.volumeId)) {
    throw new Error(`ISO9660 volume id ${JSON.stringify(options.volumeId)} must be 1-16 letters, digits or "_".`);
  }
  const entries = options.files.map(toEntry);
  checkUnique(
    entries.map((e) => e.primaryName),
    "ISO9660 (8.3) name",
  );
  checkUnique(
    entries.map((e) => e.jolietName),
    "file name",
  );

  const primaryRecords = (dirLba: number) => [
    dirRecord({ id: Buffer.of(0), lba: dirLba, size: SECTOR, dir: true, date }),
    dirRecord({ id: Buffer.of(1), lba: dirLba, size: SECTOR, dir: true, date }),
    ...[...entries]
      .sort((a, b) => compareBytes(Buffer.from(a.primaryName, "ascii"), Buffer.from(b.primaryName, "ascii")))
      .map((e) =>
        dirRecord({ id: Buffer.from(e.primaryName, "ascii"), lba: e.lba, size: e.data.length, dir: false, date }),
      ),
  ];
  const jolietRecords = (dirLba: number) => [
    dirRecord({ id: Buffer.of(0), lba: dirLba, size: SECTOR, dir: true, date }),
    dirRecord({ id: Buffer.of(1), lba: dirLba, size: SECTOR, dir: true, date }),
    ...[...entries]
      .sort((a, b) => compareBytes(ucs2(a.jolietName), ucs2(b.jolietName)))
      .map((e) => dirRecord({ id: ucs2(e.jolietName), lba: e.lba, size: e.data.length, dir: false, date })),
  ];

  // Layout: 16 PVD, 17 Joliet SVD, 18 terminator, 19-22 path tables (L/M primary, L/M Joliet),
  // 23 primary root directory, 24 Joliet root directory, then file data.
  const pathTables = { primaryL: 19, primaryM: 20, jolietL: 21, jolietM: 22 };
  const primaryRoot = 23;
  const jolietRoot = 24;
  let next = 25;
  for (const e of entries) {
    e.lba = next; // an empty file points at the next free sector and occupies none
    next += Math.ceil(e.data.length / SECTOR);
  }
  const totalSectors = next + PAD_SECTORS;

  const image = Buffer.alloc(totalSectors * SECTOR);
  const rootRecord = (lba: number) => dirRecord({ id: Buffer.of(0), lba, size: SECTOR, dir: true, date });
  const descriptor = (joliet: boolean, rootLba: number, tables: [number, number]) => {
    const d = Buffer.alloc(SECTOR);
    d[0] = joliet ? 2 : 1;
    d.write("CD001", 1, "ascii");
    d[6] = 1;
    const text = (offset: number, length: number, value: string) =>
      (joliet ? padUcs2(value, length) : padAscii(value, length)).copy(d, offset);
    text(8, 32, "");
    text(40, 32, joliet ? options.volumeId : options.volumeId.toUpperCase());
    bothEndian32(d, 80, totalSectors);
    if (joliet) d.write("%/E", 88, "ascii"); // UCS-2 level 3
    bothEndian16(d, 120, 1);
    bothEndian16(d, 124, 1);
    bothEndian16(d, 128, SECTOR);
    bothEndian32(d, 132, PATH_TABLE_SIZE);
    d.writeUInt32LE(tables[0], 140);
    d.writeUInt32BE(tables[1], 148);
    rootRecord(rootLba).copy(d, 156);
    for (const [offset, length] of [
      [190, 128],
      [318, 128],
      [446, 128],
      [574, 128],
      [702, 37],
      [739, 37],
      [776, 37],
    ]) {
      text(offset, length, "");
    }
    decDate(date).copy(d, 813);
    decDate(date).copy(d, 830);
    decDate(undefined).copy(d, 847);
    decDate(undefined).copy(d, 864);
    d[881] = 1;
    return d;
  };
  descriptor(false, primaryRoot, [pathTables.primaryL, pathTables.primaryM]).copy(image, FIRST_DESCRIPTOR * SECTOR);
  descriptor(true, jolietRoot, [pathTables.jolietL, pathTables.jolietM]).copy(image, (FIRST_DESCRIPTOR + 1) * SECTOR);
  const terminator = Buffer.alloc(SECTOR);
  terminator[0] = 255;
  terminator.write("CD001", 1, "ascii");
  terminator[6] = 1;
  terminator.copy(image, (FIRST_DESCRIPTOR + 2) * SECTOR);

  pathTable(primaryRoot, false).copy(image, pathTables.primaryL * SECTOR);
  pathTable(primaryRoot, true).copy(image, pathTables.primaryM * SECTOR);
  pathTable(jolietRoot, false).copy(image, pathTables.jolietL * SECTOR);
  pathTable(jolietRoot, true).copy(image, pathTables.jolietM * SECTOR);

  directorySector(primaryRecords(primaryRoot), "primary").copy(image, primaryRoot * SECTOR);
  directorySector(jolietRecords(jolietRoot), "Joliet").copy(image, jolietRoot * SECTOR);
  for (const e of entries) e.data.copy(image, e.lba * SECTOR);
  return image;
}

function toEntry(file: IsoFile): Entry {
  const name = file.name;
  if (name.length === 0 || name.length > JOLIET_MAX_NAME || /[/\\\0;*:?"<>|]/.test(name)) {
    throw new Error(
      `ISO file name ${JSON.stringify(name)} must be 1-${JOLIET_MAX_NAME} characters without / \\ ; * : ? " < > |.`,
    );
  }
  const data = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : Buffer.from(file.content);
  return { primaryName: levelOneName(name), jolietName: name, data, lba: 0 };
}

/** "user-data" → "USER_DAT.;1": upper-case d-characters, 8.3, version 1 (what genisoimage writes too). */
export function levelOneName(name: string): string {
  const dot = name.lastIndexOf(".");
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ""];
  const clean = (s: string, max: number) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9_]/g, "_")
      .slice(0, max);
  return `${clean(base, 8) || "_"}.${clean(ext, 3)};1`;
}

function checkUnique(names: string[], what: string): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) throw new Error(`Two files map to the same ${what} ${JSON.stringify(n)}.`);
    seen.add(n);
  }
}

const PATH_TABLE_SIZE = 10; // one entry (the root): 8 bytes + 1-byte id + 1 pad byte

function pathTable(rootLba: number, bigEndian: boolean): Buffer {
  const t = Buffer.alloc(PATH_TABLE_SIZE);
  t[0] = 1; // length of the directory identifier
  if (bigEndian) {
    t.writeUInt32BE(rootLba, 2);
    t.writeUInt16BE(1, 6);
  } else {
    t.writeUInt32LE(rootLba, 2);
    t.writeUInt16LE(1, 6);
  }
  return t;
}

function directorySector(records: Buffer[], tree: string): Buffer {
  const total = records.reduce((n, r) => n + r.length, 0);
  if (total > SECTOR)
    throw new Error(`Too many files for the ${tree} root directory (${total} bytes of records, at most ${SECTOR}).`);
  return Buffer.concat([...records, Buffer.alloc(SECTOR - total)]);
}

function dirRecord(r: { id: Buffer; lba: number; size: number; dir: boolean; date: Date }): Buffer {
  const length = 33 + r.id.length + (r.id.length % 2 === 0 ? 1 : 0);
  const b = Buffer.alloc(length);
  b[0] = length;
  bothEndian32(b, 2, r.lba);
  bothEndian32(b, 10, r.size);
  b[18] = r.date.getUTCFullYear() - 1900;
  b[19] = r.date.getUTCMonth() + 1;
  b[20] = r.date.getUTCDate();
  b[21] = r.date.getUTCHours();
  b[22] = r.date.getUTCMinutes();
  b[23] = r.date.getUTCSeconds();
  b[24] = 0; // GMT offset
  b[25] = r.dir ? 2 : 0;
  bothEndian16(b, 28, 1);
  b[32] = r.id.length;
  r.id.copy(b, 33);
  return b;
}

function decDate(date: Date | undefined): Buffer {
  const b = Buffer.alloc(17, 0x30);
  b[16] = 0;
  if (!date) return b;
  const p = (n: number, w: number) => String(n).padStart(w, "0");
  b.write(
    `${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1, 2)}${p(date.getUTCDate(), 2)}` +
      `${p(date.getUTCHours(), 2)}${p(date.getUTCMinutes(), 2)}${p(date.getUTCSeconds(), 2)}00`,
    0,
    "ascii",
  );
  return b;
}

function ucs2(text: string): Buffer {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
}

function padAscii(text: string, length: number): Buffer {
  return Buffer.from(text.padEnd(length, " ").slice(0, length), "ascii");
}

function padUcs2(text: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i + 1 < length; i += 2) out.writeUInt16BE(0x20, i);
  ucs2(text)
    .subarray(0, length - (length % 2))
    .copy(out, 0);
  return out;
}

function bothEndian16(b: Buffer, offset: number, value: number): void {
  b.writeUInt16LE(value, offset);
  b.writeUInt16BE(value, offset + 2);
}

function bothEndian32(b: Buffer, offset: number, value: number): void {
  b.writeUInt32LE(value, offset);
  b.writeUInt32BE(value, offset + 4);
}

function compareBytes(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b);
}

/** cloud-init NoCloud seed contents (the names cloud-init reads). */
export interface NoCloudSeed {
  readonly userData: string;
  /** Written as an empty `meta-data` when missing: NoCloud needs the file to exist. */
  readonly metaData?: string;
  /** `network-config` is written only when given. */
  readonly networkConfig?: string;
}

/** The ISO of a NoCloud seed: volume label cidata, files user-data, meta-data and (when given) network-config. */
export function buildNoCloudIso(seed: NoCloudSeed): Buffer {
  const files: IsoFile[] = [
    { name: "user-data", content: seed.userData },
    { name: "meta-data", content: seed.metaData ?? "" },
  ];
  if (seed.networkConfig !== undefined) files.push({ name: "network-config", content: seed.networkConfig });
  return buildIso9660({ volumeId: "cidata", files });
}
