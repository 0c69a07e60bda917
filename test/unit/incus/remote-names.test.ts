// Remote names become file names (servercerts/<name>.crt): one rule, shared by the IncusHost construct, the
// provider's remote blocks and the remote table, keeps every name inside that directory.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RemoteTable } from "../../../lib/incus";
import { remoteNameProblem } from "../../../lib/remote-names";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-incus-remote-names-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test.each(["local", "b", "lab-2", "cluster.eu_1", "9lives", "a".repeat(63)])("%j is a remote name", (name) => {
  expect(remoteNameProblem(name)).toBeUndefined();
});

test.each(["", "../client", "..", ".hidden", "a/b", "/etc/x", "a b", "-x", "a\\b", "a".repeat(64), "x\n"])(
  "%j is not",
  (name) => {
    expect(remoteNameProblem(name)).toMatch(
      /use 1-63 letters, digits, '\.', '_' or '-', starting with a letter or digit/,
    );
  },
);

test("the remote table refuses such names when they are used, and pins nothing for them", async () => {
  writeFileSync(join(dir, "config.yml"), 'remotes:\n  "../up":\n    addr: https://127.0.0.1:1\n');
  const table = RemoteTable.load({
    configDir: dir,
    env: {},
    remotes: [{ name: "../client", address: "https://127.0.0.1:1" }],
  });
  expect(() => table.connection("../client")).toThrow(
    /Remote "\.\.\/client" cannot be used: "\.\.\/client" is not a valid name for a remote/,
  );
  expect(() => table.info("../up")).toThrow(/Remote "\.\.\/up" in .*config\.yml cannot be used/);
  expect(await table.establishTrust({ accept: true, timeoutMs: 1_000 })).toEqual([]);
  expect(readdirSync(dir)).toEqual(["config.yml"]);
  expect(existsSync(join(dir, "servercerts"))).toBe(false);
});
