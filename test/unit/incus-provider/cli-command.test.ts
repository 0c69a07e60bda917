// The incus commands the provider prints name the remote as the user's incus CLI knows it (config.yml in
// $INCUS_CONF plus the built-in "local"), or say which `incus remote add` makes the printed name valid.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliRemote, cliVolumeRef, incusCommand, printedCommands } from "../../../lib/provider/incus/common";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function envWith(configYml?: string): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), "cli-command-"));
  dirs.push(dir);
  if (configYml !== undefined) writeFileSync(join(dir, "config.yml"), configYml);
  return { HOME: dir, INCUS_CONF: dir };
}

const LOCAL = { name: "lab", address: "unix://" };
const B = { name: "far", address: "https://198.18.1.2:8443" };

test("the local socket is the CLI's default remote: no prefix, whatever the provider calls it", () => {
  expect(cliRemote(LOCAL, envWith())).toEqual({ prefix: "" });
  expect(
    cliRemote({ name: "lab", address: "unix:///var/lib/incus/unix.socket" }, envWith("default-remote: local\n")),
  ).toEqual({ prefix: "" });
});

test("the local socket when the CLI's default remote is another one: local:", () => {
  expect(cliRemote(LOCAL, envWith("default-remote: b\nremotes:\n  b:\n    addr: https://198.18.1.2:8443\n"))).toEqual({
    prefix: "local:",
  });
});

test("an HTTPS host: the CLI's remote with that address (host:port forms compared normalised)", () => {
  expect(cliRemote(B, envWith("remotes:\n  bee:\n    addr: 198.18.1.2\n    protocol: incus\n"))).toEqual({
    prefix: "bee:",
  });
  expect(cliRemote(B, envWith("default-remote: bee\nremotes:\n  bee:\n    addr: https://198.18.1.2:8443/\n"))).toEqual({
    prefix: "",
  });
});

test("an image server at the same address is not an incus remote", () => {
  const r = cliRemote(B, envWith("remotes:\n  img:\n    addr: https://198.18.1.2:8443\n    protocol: simplestreams\n"));
  expect(r.prefix).toBe("far:");
});

test("no CLI remote at the address: the provider's name, and the command that adds it", () => {
  const r = cliRemote(B, envWith());
  expect(r).toEqual({ prefix: "far:", addRemote: "incus remote add far https://198.18.1.2:8443" });
  expect(
    printedCommands(r, [
      incusCommand(["storage", "volume", "copy", cliVolumeRef(r, "p", "v-final"), cliVolumeRef(r, "p", "v")]),
    ]),
  ).toBe(
    "(your incus client has no remote at this address yet: the first command adds it)\n" +
      "  incus remote add far https://198.18.1.2:8443\n  incus storage volume copy far:p/v-final far:p/v",
  );
});

test("no CLI remote at the address and the provider's name taken by another address: a free name", () => {
  const r = cliRemote(B, envWith("remotes:\n  far:\n    addr: https://203.0.113.9:8443\n"));
  expect(r).toEqual({ prefix: "far-2:", addRemote: "incus remote add far-2 https://198.18.1.2:8443" });
});

test("--project outside the default project only", () => {
  expect(incusCommand(["storage", "volume", "copy", "p/a", "p/b"], "default")).toBe(
    "incus storage volume copy p/a p/b",
  );
  expect(incusCommand(["storage", "volume", "copy", "p/a", "p/b"], "web")).toBe(
    "incus storage volume copy p/a p/b --project web",
  );
});
