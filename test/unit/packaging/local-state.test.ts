// A state file cut short by a killed terraform: Terraform's backup goes back in its place, the cut file is kept,
// and nothing else is ever touched (readable, empty or missing files, files a process holds a lock on).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockedOnLinux, recoverCutLocalState } from "../../../lib/packaging";

const STATE = JSON.stringify({ version: 4, terraform_version: "1.11.4", serial: 7, lineage: "l", resources: [] });
const NEWER = JSON.stringify({ version: 4, terraform_version: "1.11.4", serial: 9, lineage: "l", resources: [{}] });
const NOW = new Date("2026-12-06T00:45:12.345Z");
const unlocked = () => false;

let dir: string;
let statePath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cdktf-virt-local-state-"));
  statePath = join(dir, "terraform.lab.tfstate");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("recoverCutLocalState", () => {
  it("puts the backup back in place of a cut file and keeps the cut file beside it", () => {
    const cut = NEWER.slice(0, 40);
    writeFileSync(statePath, cut);
    writeFileSync(`${statePath}.backup`, STATE);
    const r = recoverCutLocalState(statePath, { now: NOW, isLocked: unlocked });
    expect(r).toEqual({
      statePath,
      problem: expect.stringMatching(/^not JSON \(.*; 40 bytes\)$/),
      keptAs: `${statePath}.cut-2026-12-06T00-45-12Z`,
      restoredFrom: `${statePath}.backup`,
    });
    expect(readFileSync(statePath, "utf8")).toBe(STATE);
    expect(readFileSync(`${statePath}.cut-2026-12-06T00-45-12Z`, "utf8")).toBe(cut);
    expect(readFileSync(`${statePath}.backup`, "utf8")).toBe(STATE);
    expect(readdirSync(dir).sort()).toEqual(
      [
        "terraform.lab.tfstate",
        "terraform.lab.tfstate.backup",
        "terraform.lab.tfstate.cut-2026-12-06T00-45-12Z",
      ].sort(),
    );
  });

  it("without a readable backup moves the cut file aside only (terraform starts with no state)", () => {
    writeFileSync(statePath, NEWER.slice(0, 30));
    writeFileSync(`${statePath}.backup`, STATE.slice(0, 10));
    const r = recoverCutLocalState(statePath, { now: NOW, isLocked: unlocked });
    expect(r?.keptAs).toBe(`${statePath}.cut-2026-12-06T00-45-12Z`);
    expect(r?.restoredFrom).toBeUndefined();
    expect(existsSync(statePath)).toBe(false);
    expect(readFileSync(`${statePath}.backup`, "utf8")).toBe(STATE.slice(0, 10));
  });

  it("takes JSON without a version for unreadable, as terraform does", () => {
    writeFileSync(statePath, "{}");
    writeFileSync(`${statePath}.backup`, STATE);
    expect(recoverCutLocalState(statePath, { now: NOW, isLocked: unlocked })?.problem).toBe(
      'no "version" attribute (2 bytes)',
    );
    expect(readFileSync(statePath, "utf8")).toBe(STATE);
  });

  it.each([
    ["a readable state", NEWER],
    ["an empty file (terraform reads it as no state)", ""],
  ])("leaves %s alone", (_, content) => {
    writeFileSync(statePath, content);
    writeFileSync(`${statePath}.backup`, STATE);
    expect(recoverCutLocalState(statePath, { now: NOW, isLocked: unlocked })).toBeUndefined();
    expect(readFileSync(statePath, "utf8")).toBe(content);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("does nothing when there is no state file", () => {
    expect(recoverCutLocalState(statePath, { now: NOW, isLocked: unlocked })).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves a file alone while a process holds a lock on it (a terraform writing it now)", () => {
    writeFileSync(statePath, NEWER.slice(0, 40));
    writeFileSync(`${statePath}.backup`, STATE);
    expect(recoverCutLocalState(statePath, { now: NOW, isLocked: () => true })).toBeUndefined();
    expect(readFileSync(statePath, "utf8")).toBe(NEWER.slice(0, 40));
  });
});

describe("lockedOnLinux", () => {
  it("sees a lock another process holds on the file, and none once it let go", async () => {
    writeFileSync(statePath, STATE);
    expect(lockedOnLinux(statePath)).toBe(false);
    // flock(1) takes a flock(2) lock, which /proc/locks lists with the file's device and inode as fcntl locks are.
    // Its own process group, so the lock holder and its children go with one kill.
    const holder = spawn("flock", [statePath, "sh", "-c", "echo locked; exec sleep 30"], {
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once("data", () => resolve());
        holder.once("error", reject);
      });
      expect(lockedOnLinux(statePath)).toBe(true);
      expect(lockedOnLinux(`${statePath}.backup-not-there`)).toBe(true); // cannot stat: cannot tell
    } finally {
      process.kill(-holder.pid!, "SIGKILL");
      await new Promise((resolve) => holder.once("close", resolve));
    }
    expect(lockedOnLinux(statePath)).toBe(false);
  });

  it("answers true (cannot tell) where /proc/locks cannot be read", () => {
    writeFileSync(statePath, STATE);
    expect(lockedOnLinux(statePath, join(dir, "no-proc-locks"))).toBe(true);
  });
});
