// The NoCloud seed ISO, read back by genisoimage's isoinfo (installed by scripts/setup-libvirt.sh) and blkid: the labels,
// the Joliet names cloud-init looks for, and every file's bytes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIso9660, buildNoCloudIso, levelOneName } from "../../../lib/libvirt/iso9660";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "iso9660-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeIso(image: Buffer, name = "seed.iso"): string {
  const path = join(dir, name);
  writeFileSync(path, image);
  return path;
}

const isoinfo = (...args: string[]) => execFileSync("isoinfo", args, { maxBuffer: 64 * 1024 * 1024 });

describe("buildNoCloudIso, read back by isoinfo", () => {
  const userData =
    "#cloud-config\nhostname: probe\nwrite_files:\n  - path: /x\n    content: " + "é€x".repeat(3000) + "\n";
  const seed = {
    userData,
    metaData: "instance-id: i-1\nlocal-hostname: probe\n",
    networkConfig: "version: 2\nethernets: {}\n",
  };
  let path: string;
  beforeAll(() => {
    path = writeIso(buildNoCloudIso(seed));
  });

  test("volume labels: CIDATA (primary) and cidata (Joliet)", () => {
    const primary = isoinfo("-d", "-i", path).toString();
    expect(primary).toMatch(/^Volume id: CIDATA$/m);
    expect(primary).toMatch(/Joliet with UCS level 3 found/);
    expect(primary).toMatch(/^Logical block size is: 2048$/m);
    // blkid (util-linux) reports the label udev and cloud-init's device lookup see: Joliet's, when it has one.
    const probe = execFileSync("blkid", ["-p", "-o", "export", path]).toString();
    expect(probe).toMatch(/^TYPE=iso9660$/m);
    expect(probe).toMatch(/^LABEL=cidata$/m);
  });

  test("the Joliet tree has the names cloud-init reads; the primary tree level-1 names", () => {
    const joliet = isoinfo("-f", "-J", "-i", path).toString().trim().split("\n").sort();
    expect(joliet).toEqual(["/meta-data", "/network-config", "/user-data"]);
    const primary = isoinfo("-f", "-i", path).toString().trim().split("\n").sort();
    expect(primary).toEqual(["/META_DAT.;1", "/NETWORK_.;1", "/USER_DAT.;1"]);
  });

  test("file contents come back byte for byte from both trees", () => {
    expect(isoinfo("-J", "-x", "/user-data", "-i", path).equals(Buffer.from(userData))).toBe(true);
    expect(isoinfo("-J", "-x", "/meta-data", "-i", path).toString()).toBe(seed.metaData);
    expect(isoinfo("-J", "-x", "/network-config", "-i", path).toString()).toBe(seed.networkConfig);
    expect(isoinfo("-x", "/USER_DAT.;1", "-i", path).equals(Buffer.from(userData))).toBe(true);
  });

  test("deterministic; meta-data is written empty and network-config left out when not given", () => {
    expect(buildNoCloudIso(seed).equals(buildNoCloudIso(seed))).toBe(true);
    const minimal = writeIso(buildNoCloudIso({ userData: "#cloud-config\n" }), "minimal.iso");
    expect(isoinfo("-f", "-J", "-i", minimal).toString().trim().split("\n").sort()).toEqual([
      "/meta-data",
      "/user-data",
    ]);
    expect(isoinfo("-J", "-x", "/meta-data", "-i", minimal).length).toBe(0);
    expect(isoinfo("-J", "-x", "/user-data", "-i", minimal).toString()).toBe("#cloud-config\n");
  });
});

describe("buildIso9660 checks", () => {
  test("level-1 names", () => {
    expect(levelOneName("user-data")).toBe("USER_DAT.;1");
    expect(levelOneName("a.tar.gz")).toBe("A_TAR.GZ;1");
  });
  test("refuses what it cannot write", () => {
    expect(() => buildIso9660({ volumeId: "ci data", files: [] })).toThrow(/volume id/);
    expect(() => buildIso9660({ volumeId: "x", files: [{ name: "a/b", content: "" }] })).toThrow(/file name/);
    expect(() =>
      buildIso9660({
        volumeId: "x",
        files: [
          { name: "user-data1", content: "" },
          { name: "user-data2", content: "" },
        ],
      }),
    ).toThrow(/same ISO9660/);
  });
});
