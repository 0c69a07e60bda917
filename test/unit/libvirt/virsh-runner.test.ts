// The runner's process handling, against a stand-in virsh script (no libvirtd needed). Its behaviour against
// the real virsh (batches, not-found errors) is covered by the integration tests.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotFound, LibvirtClient, Virsh, VirshError } from "../../../lib/libvirt";
import { classifyVirshMessage, virshErrorText } from "../../../lib/libvirt/errors";
import { quoteForVirshShell } from "../../../lib/libvirt/virsh";

let dir: string;
let fakeVirsh: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "t-libvirt-runner-"));
  fakeVirsh = join(dir, "virsh");
  // Behaves by its connection URI ($3) for batches, else by its last argument: echo stdin, print args, fail
  // like a lookup, or hang.
  writeFileSync(
    fakeVirsh,
    `#!/bin/sh
case "$3" in
  unreachable:///) echo "error: failed to connect to the hypervisor" >&2; echo "error: Failed to connect socket to '/nonexistent/sock': No such file or directory" >&2; exit 1 ;;
  mute:///) exit 4 ;;
  batch:///) m=$(printf '%s' "$4" | sed -n 's/^echo \\(@@[^ ;]*:\\)0@@;.*/\\1/p')
    printf '%s0@@\\none\\n%s1@@\\n' "$m" "$m"; printf 'error: %s0@@\\nerror: %s1@@\\nerror: failed to get domain (x)\\n' "$m" "$m" >&2; exit 1 ;;
esac
last=""; for a in "$@"; do last="$a"; done
case "$last" in
  stdin) cat ;;
  args) printf '%s|' "$@" ;;
  missing) echo "error: failed to get domain 'missing'" >&2; echo "error: Domain not found: no domain with matching name 'missing'" >&2; exit 1 ;;
  hang) sleep 30 ;;
  *) echo "unexpected" >&2; exit 3 ;;
esac
`,
  );
  chmodSync(fakeVirsh, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("passes -q, the connection URI and the arguments, and returns stdout", async () => {
  const virsh = new Virsh({ uri: "test:///default", virshPath: fakeVirsh });
  await expect(virsh.run(["dominfo", "a b", "args"])).resolves.toBe("-q|-c|test:///default|dominfo|a b|args|");
});

test("feeds input on stdin", async () => {
  const virsh = new Virsh({ virshPath: fakeVirsh });
  await expect(virsh.run(["stdin"], { input: "<domain/>" })).resolves.toBe("<domain/>");
  await expect(virsh.runBuffer(["stdin"], { input: Buffer.from([0, 1, 2, 255]) })).resolves.toEqual(
    Buffer.from([0, 1, 2, 255]),
  );
});

test("a failure carries virsh's message, exit code, command and not-found kind", async () => {
  const virsh = new Virsh({ virshPath: fakeVirsh });
  const err = await virsh.run(["dominfo", "missing"]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(VirshError);
  const e = err as VirshError;
  expect(e.code).toBe("NOT_FOUND");
  expect(e.notFound).toBe("domain");
  expect(e.exitCode).toBe(1);
  expect(e.command).toBe(`${fakeVirsh} -c qemu:///system dominfo missing`);
  expect(e.virshMessage).toBe(
    "failed to get domain 'missing'; Domain not found: no domain with matching name 'missing'",
  );
  expect(e.message).toContain("exit code 1");
  expect(isNotFound(e, "domain")).toBe(true);
  expect(isNotFound(e, "pool")).toBe(false);
});

test("other failures keep whatever virsh printed", async () => {
  const err = (await new Virsh({ virshPath: fakeVirsh }).run(["other"]).catch((e: unknown) => e)) as VirshError;
  expect(err.code).toBe("FAILED");
  expect(err.exitCode).toBe(3);
  expect(err.virshMessage).toBe("unexpected");
});

describe("batches", () => {
  test("each command gets its own output and error; the last command's failed exit is its own", async () => {
    const results = await new Virsh({ uri: "batch:///", virshPath: fakeVirsh }).runBatch([
      ["dominfo", "a"],
      ["dominfo", "x"],
    ]);
    expect(results[0]).toEqual({ stdout: "one\n" });
    expect(results[1].stdout).toBe("");
    expect(results[1].error).toMatchObject({ code: "NOT_FOUND", notFound: "domain", exitCode: 1 });
  });

  test("a connection failure before any command is thrown, not returned as empty output", async () => {
    const virsh = new Virsh({ uri: "unreachable:///", virshPath: fakeVirsh });
    const err = (await virsh
      .runBatch([
        ["dominfo", "a"],
        ["dumpxml", "a"],
      ])
      .catch((e: unknown) => e)) as VirshError;
    expect(err).toBeInstanceOf(VirshError);
    expect(err.code).toBe("FAILED");
    expect(err.exitCode).toBe(1);
    expect(err.virshMessage).toBe(
      "failed to connect to the hypervisor; Failed to connect socket to '/nonexistent/sock': No such file or directory",
    );
    // Callers report the connection problem, not a parse error of the missing output.
    const lookup = new LibvirtClient(virsh).domains.find("a");
    await expect(lookup).rejects.toThrow(/failed to connect to the hypervisor/);
  });

  test("a failed exit that no command accounts for is an error", async () => {
    const err = (await new Virsh({ uri: "mute:///", virshPath: fakeVirsh })
      .runBatch([["list"]])
      .catch((e: unknown) => e)) as VirshError;
    expect(err).toBeInstanceOf(VirshError);
    expect(err.exitCode).toBe(4);
    expect(err.virshMessage).toBe("virsh exited with code 4 and printed no error");
  });
});

test("a call that exceeds its timeout is killed and says so", async () => {
  const virsh = new Virsh({ virshPath: fakeVirsh, timeoutMs: 10_000 });
  const started = Date.now();
  const err = (await virsh.run(["hang"], { timeoutMs: 200 }).catch((e: unknown) => e)) as VirshError;
  expect(Date.now() - started).toBeLessThan(5000);
  expect(err.code).toBe("TIMEOUT");
  expect(err.message).toMatch(/timed out.*no answer within 200 ms/);
});

test("an AbortSignal kills the call", async () => {
  const controller = new AbortController();
  const pending = new Virsh({ virshPath: fakeVirsh }).run(["hang"], { signal: controller.signal });
  setTimeout(() => controller.abort(), 100);
  await expect(pending).rejects.toMatchObject({ code: "ABORTED" });
  await expect(
    new Virsh({ virshPath: fakeVirsh }).run(["args"], { signal: AbortSignal.abort() }),
  ).rejects.toMatchObject({
    code: "ABORTED",
  });
});

test("a missing virsh binary is a SPAWN_FAILED error with a hint", async () => {
  const err = (await new Virsh({ virshPath: join(dir, "nope") })
    .run(["version"])
    .catch((e: unknown) => e)) as VirshError;
  expect(err.code).toBe("SPAWN_FAILED");
  expect(err.message).toMatch(/setup-libvirt\.sh/);
});

test("options are checked up front", () => {
  expect(() => new Virsh({ uri: " " })).toThrow(/uri must not be empty/);
  expect(() => new Virsh({ timeoutMs: 0 })).toThrow(/timeoutMs must be a positive number/);
});

describe("message classification", () => {
  test.each([
    ["failed to get vol 'x'; Storage volume not found: no storage vol with matching path 'x'", "NOT_FOUND", "volume"],
    ["failed to get pool 'p'; Storage pool not found: no storage pool with matching name 'p'", "NOT_FOUND", "pool"],
    ["failed to get network 'n'; Network not found: no network with matching name 'n'", "NOT_FOUND", "network"],
    ["operation failed: domain 'd' already exists with uuid 1234", "ALREADY_EXISTS", undefined],
    ["storage volume 'v' exists already", "ALREADY_EXISTS", undefined],
    ["Requested operation is not valid: domain is not running", "INVALID_OPERATION", undefined],
    ["internal error: something", "FAILED", undefined],
  ])("%s", (message, code, notFound) => {
    expect(classifyVirshMessage(message)).toEqual(notFound ? { code, notFound } : { code });
  });

  test("a missing pool outranks the volume that was asked for", () => {
    expect(classifyVirshMessage("failed to get pool 'p'; failed to get vol 'v'")).toEqual({
      code: "NOT_FOUND",
      notFound: "pool",
    });
  });

  test("virshErrorText keeps only the error lines", () => {
    expect(virshErrorText("\nerror: one\nerror: two\n")).toBe("one; two");
    expect(virshErrorText("plain text\n")).toBe("plain text");
  });
});

test("quoteForVirshShell leaves plain words alone and single-quotes the rest", () => {
  expect(quoteForVirshShell("vol-dumpxml")).toBe("vol-dumpxml");
  expect(quoteForVirshShell("/var/lib/x")).toBe("/var/lib/x");
  expect(quoteForVirshShell("a b;c")).toBe("'a b;c'");
  expect(quoteForVirshShell("it's")).toBe(`'it'\\''s'`);
});
