// Instance files and exec against the real incusd: bytes round trip, ownership, directories,
// symlinks, deletion; exit codes and recorded output.
import { isNotFound } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { Cleanup, createTestContainer, requireIncus, testClient, uniqueName } from "../../support/incus";

jest.setTimeout(60_000);

const client = testClient();
const cleanup = new Cleanup();
const name = uniqueName("incus");

beforeAll(async () => {
  await requireIncus(client);
  await createTestContainer(client, cleanup, name, { start: true });
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    await client.close();
  }
});

test("push and pull round-trip every byte value, with owner and mode", async () => {
  const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
  await client.instanceFiles.push(name, "/tmp/blob.bin", bytes, { uid: 1000, gid: 1001, mode: 0o640 });
  expect((await client.instanceFiles.pull(name, "/tmp/blob.bin")).equals(bytes)).toBe(true);

  const file = await client.instanceFiles.get(name, "/tmp/blob.bin");
  expect(file).toMatchObject({ type: "file", uid: 1000, gid: 1001, mode: 0o640 });
  // The file is really there for processes inside the instance too.
  const ls = await client.exec.run(name, ["sh", "-c", "wc -c < /tmp/blob.bin; stat -c '%u:%g:%a' /tmp/blob.bin"]);
  expect(ls.stdout.split("\n").map((l) => l.trim())).toEqual(["4096", "1000:1001:640", ""]);
});

test("append, empty files and overwrite", async () => {
  await client.instanceFiles.push(name, "/tmp/log.txt", "one\n");
  await client.instanceFiles.push(name, "/tmp/log.txt", "two\n", { write: "append" });
  expect((await client.instanceFiles.pull(name, "/tmp/log.txt")).toString()).toBe("one\ntwo\n");
  await client.instanceFiles.push(name, "/tmp/log.txt", Buffer.alloc(0));
  expect((await client.instanceFiles.pull(name, "/tmp/log.txt")).length).toBe(0);
});

test("directories, symlinks and delete", async () => {
  await client.instanceFiles.mkdir(name, "/srv");
  await client.instanceFiles.mkdir(name, "/srv/app", { mode: "0750" });
  await client.instanceFiles.push(name, "/srv/app/config.json", '{"a":1}');
  await client.instanceFiles.symlink(name, "/srv/app/current", "/srv/app/config.json");

  const dir = await client.instanceFiles.get(name, "/srv/app");
  expect(dir.type).toBe("directory");
  expect(dir.mode).toBe(0o750);
  expect([...(dir.entries ?? [])].sort()).toEqual(["config.json", "current"]);

  const link = await client.instanceFiles.get(name, "/srv/app/current");
  expect(link.type).toBe("symlink");
  expect(link.content?.toString()).toBe("/srv/app/config.json");
  // JSON file contents come back as bytes, not as a parsed envelope.
  expect((await client.instanceFiles.pull(name, "/srv/app/config.json")).toString()).toBe('{"a":1}');
  await expect(client.instanceFiles.pull(name, "/srv/app")).rejects.toMatchObject({ code: "INVALID_OPTIONS" });

  await client.instanceFiles.delete(name, "/srv/app/current");
  await client.instanceFiles.delete(name, "/srv/app/config.json");
  const gone = (await client.instanceFiles.pull(name, "/srv/app/config.json").catch((e: unknown) => e)) as IncusError;
  expect(isNotFound(gone)).toBe(true);
  expect((await client.instanceFiles.get(name, "/srv/app")).entries).toEqual([]);
});

test("exec returns exit code, stdout and stderr", async () => {
  const result = await client.exec.run(name, ["sh", "-c", "echo out; echo err >&2; exit 3"]);
  expect(result).toEqual({ exitCode: 3, stdout: "out\n", stderr: "err\n" });
});

test("exec honours environment, working directory and user", async () => {
  const result = await client.exec.run(name, ["sh", "-c", 'echo "$GREETING"; pwd; id -u'], {
    environment: { GREETING: "hello there" },
    cwd: "/tmp",
    user: 1234,
    group: 1234,
  });
  expect(result.exitCode).toBe(0);
  expect(result.stdout).toBe("hello there\n/tmp\n1234\n");
});

test("exec of a missing command reports exit code 127 and Incus's message", async () => {
  const result = await client.exec.run(name, ["/no/such/command"]);
  expect(result.exitCode).toBe(127);
  expect(result.error).toMatch(/not found/i);
});

test("exec output logs are removed after reading, also after a failed start", async () => {
  await client.exec.run(name, ["true"]);
  await client.exec.run(name, ["/no/such/command"]);
  const res = await client.api.download(`/1.0/instances/${name}/logs/exec-output`, undefined, { project: true });
  const left = (res.envelope?.metadata as string[] | null) ?? [];
  expect(left).toEqual([]);
});

test("exec in a stopped instance is refused with Incus's message", async () => {
  const stopped = uniqueName("incus");
  await createTestContainer(client, cleanup, stopped, { start: false });
  const err = (await client.exec.run(stopped, ["true"]).catch((e: unknown) => e)) as IncusError;
  expect(err.code).toBe("BAD_REQUEST");
  expect(err.incusMessage).toMatch(/not running/i);
});
