import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  isLeftOverListener,
  readListenerRecord,
  removeListenerRecord,
  writeListenerRecord,
} from "../../support/https-listener-record";

/** The pid of a process that has exited. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(done.stdout);
}

describe("the HTTPS listener record of the integration project's global setup", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "listener-record-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is read back as written, and is gone once removed", () => {
    const path = join(dir, "record.json");
    writeListenerRecord({ daemon: "abc", address: "127.0.0.1:36101", pid: 42 }, path);
    expect(readListenerRecord(path)).toEqual({ daemon: "abc", address: "127.0.0.1:36101", pid: 42 });
    removeListenerRecord(path);
    expect(readListenerRecord(path)).toBeUndefined();
  });

  it("is nothing when the file is missing or not a record", () => {
    expect(readListenerRecord(join(dir, "none.json"))).toBeUndefined();
    writeFileSync(join(dir, "bad.json"), '{"daemon": "abc"}');
    expect(readListenerRecord(join(dir, "bad.json"))).toBeUndefined();
    writeFileSync(join(dir, "junk.json"), "not json");
    expect(readListenerRecord(join(dir, "junk.json"))).toBeUndefined();
  });

  it("marks a listener left over by a run that is gone: same daemon, same address", () => {
    const record = { daemon: "abc", address: "127.0.0.1:36101", pid: deadPid() };
    expect(isLeftOverListener("127.0.0.1:36101", "abc", record)).toBe(true);
  });

  it("never marks a listener of a run still going, of another daemon, at another address, or unrecorded", () => {
    const gone = deadPid();
    expect(
      isLeftOverListener("127.0.0.1:36101", "abc", { daemon: "abc", address: "127.0.0.1:36101", pid: process.pid }),
    ).toBe(false);
    expect(
      isLeftOverListener("127.0.0.1:36101", "abc", { daemon: "other", address: "127.0.0.1:36101", pid: gone }),
    ).toBe(false);
    expect(isLeftOverListener("[::]:8443", "abc", { daemon: "abc", address: "127.0.0.1:36101", pid: gone })).toBe(
      false,
    );
    expect(isLeftOverListener("127.0.0.1:36101", "abc", undefined)).toBe(false);
  });
});
