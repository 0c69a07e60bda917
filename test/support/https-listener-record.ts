// What the integration project's global setup remembers of the HTTPS listener it started on the local incusd. A run
// killed before its global teardown (a CI job stopped, Ctrl-C twice) leaves the listener on; the next run finds the
// record and switches the listener off at its own end, instead of leaving a listener on that nobody configured.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive } from "../../lib/provider/plugin/process-alive";

export interface ListenerRecord {
  /** The daemon's certificate fingerprint: which incusd the listener is on. */
  readonly daemon: string;
  /** The core.https_address the run set. */
  readonly address: string;
  /** The jest process that set it: a listener of a run still going is that run's to switch off. */
  readonly pid: number;
}

export function listenerRecordPath(): string {
  return join(tmpdir(), `cdktf-virt-test-https-listener-${process.getuid?.() ?? "user"}.json`);
}

export function readListenerRecord(path = listenerRecordPath()): ListenerRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(path, "utf8")) as Partial<ListenerRecord>;
    if (typeof r.daemon === "string" && typeof r.address === "string" && Number.isInteger(r.pid))
      return r as ListenerRecord;
  } catch {
    // none, or not ours to read: nothing is known to be left over
  }
  return undefined;
}

export function writeListenerRecord(record: ListenerRecord, path = listenerRecordPath()): void {
  writeFileSync(path, JSON.stringify(record), { mode: 0o600 });
}

export function removeListenerRecord(path = listenerRecordPath()): void {
  rmSync(path, { force: true });
}

/**
 * Whether `current` (the daemon's core.https_address) is the listener a run of ours started and could not switch
 * off: the same daemon and address as recorded, and the run that set it is gone.
 */
export function isLeftOverListener(current: string, daemon: string, record: ListenerRecord | undefined): boolean {
  return record !== undefined && record.daemon === daemon && record.address === current && !isAlive(record.pid);
}
