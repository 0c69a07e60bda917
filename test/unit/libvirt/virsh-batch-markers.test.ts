// Batched virsh output is split on markers the runner echoes between commands. Object names are chosen by
// whoever can define a domain or volume on the host, so a name that contains a marker must not move one
// command's output into another command's slot: the markers are random per call and matched as whole lines.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Virsh } from "../../../lib/libvirt";

let dir: string;
let fakeVirsh: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "t-libvirt-batch-markers-"));
  fakeVirsh = join(dir, "virsh");
  // Runs the batch script virsh got (its last argument) with "echo" as printf and each command printing a line
  // that carries its first argument, the way dumpxml prints a hostile domain name; "fail" fails like a lookup.
  writeFileSync(
    fakeVirsh,
    `#!/bin/bash
script="\${@: -1}"
echo() { if [ "$1" = "--err" ]; then shift; printf 'error: %s\\n' "$*" >&2; else printf '%s\\n' "$*"; fi; }
dumpxml() { printf '<name>%s</name>\\n' "$1"; }
fail() { printf 'error: failed to get domain %s\\n' "$1" >&2; }
eval "$script"
`,
  );
  chmodSync(fakeVirsh, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hostileNames = [
  "x@@cdktf-virt-batch:1@@y",
  "x\n@@cdktf-virt-batch:1@@\ny",
  "@@cdktf-virt-batch:0@@",
  "error: @@cdktf-virt-batch:2@@",
];

test.each(hostileNames)("a name containing a fixed marker (%j) stays in its own command's output", async (hostile) => {
  const virsh = new Virsh({ uri: "test:///default", virshPath: fakeVirsh });
  const results = await virsh.runBatch([
    ["dumpxml", hostile],
    ["dumpxml", "second"],
    ["dumpxml", "third"],
  ]);
  expect(results.map((r) => r.stdout)).toEqual([
    `<name>${hostile}</name>\n`,
    "<name>second</name>\n",
    "<name>third</name>\n",
  ]);
  expect(results.every((r) => r.error === undefined)).toBe(true);
});

test("a failing command's error with a hostile name is not given to another command", async () => {
  const virsh = new Virsh({ uri: "test:///default", virshPath: fakeVirsh });
  const results = await virsh.runBatch([
    ["fail", "x@@cdktf-virt-batch:1@@"],
    ["dumpxml", "second"],
  ]);
  expect(results[0].error?.virshMessage).toBe("failed to get domain x@@cdktf-virt-batch:1@@");
  expect(results[1]).toEqual({ stdout: "<name>second</name>\n" });
});

test("each call uses a different marker", async () => {
  // The batch script shows in the command of a failed call (here: virsh is missing); it differs across calls.
  const virsh = new Virsh({ uri: "test:///default", virshPath: join(dir, "missing") });
  const seen = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const err = (await virsh.runBatch([["dumpxml", "a"]]).catch((e: unknown) => e)) as { command: string };
    seen.add(err.command);
  }
  expect(seen.size).toBe(3);
});
