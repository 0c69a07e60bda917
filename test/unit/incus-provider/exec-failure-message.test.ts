// What an exec failure prints: the entry's key and exit status, never its argv or environment (sensitive), and
// at most MAX_PRINTED_OUTPUT bytes of each output stream with a note of how much was cut.
import type { IncusClient } from "../../../lib/incus";
import { runExec } from "../../../lib/provider/incus/instance/exec";
import type { ExecValue } from "../../../lib/provider/incus/instance/exec";

const entry: ExecValue = {
  command: ["sh", "-c", "deploy --token tok-ARGV-SECRET"],
  environment: { API_KEY: "ENV-SECRET-VALUE" },
  working_dir: null,
  uid: null,
  gid: null,
  timeout: null,
  trigger: null,
};

function fakeClient(stdout: string, stderr: string): IncusClient {
  return { exec: { run: async () => ({ exitCode: 7, stdout, stderr }) } } as unknown as IncusClient;
}

test("exec failure: names the entry, not the argv; output capped with a note", async () => {
  const stdout = "x".repeat(100_000) + "\nLAST-LINE";
  const err = await runExec(fakeClient(stdout, "short error"), "c1", "10-deploy", entry, {}).catch((e: Error) => e);
  const message = (err as Error).message;
  expect(message).toContain('"10-deploy"');
  expect(message).toContain("exited with status 7");
  expect(message).not.toContain("ARGV-SECRET");
  expect(message).not.toContain("ENV-SECRET");
  expect(message).toContain("LAST-LINE"); // the end of the output, where errors are, is kept
  expect(message).toMatch(/\[95\d\d\d earlier bytes cut\]/);
  expect(message).toContain("stderr: short error");
  expect(Buffer.byteLength(message)).toBeLessThan(5_000);
});
