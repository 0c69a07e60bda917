// The warning a project or pool delete prints when it keeps kept copies: its commands must run as printed, so they
// name the remote as the incus client knows it (none for the client's default), never the provider's remote name.
import { keptNotice } from "../../../lib/provider/incus/common/what-remains";

const remaining = {
  kept: [{ pool: "data", name: "pg-final-20261203T101010Z", project: "apps", why: "final copy of data/pg" }],
  others: [],
};

test("commands for the local host carry no remote prefix, and each delete names its project", () => {
  const { detail } = keptNotice({
    kind: "Project",
    name: "apps",
    cliRemote: { prefix: "" },
    deleteCommand: "incus project delete",
    remaining,
  });
  expect(detail).toContain("\n  incus storage volume delete data pg-final-20261203T101010Z --project apps");
  expect(detail).toContain("\n  incus project delete apps");
  expect(detail).not.toMatch(/lab:/);
});

test("a remote the client does not know is added first, under the name the commands use", () => {
  const { detail } = keptNotice({
    kind: "Storage pool",
    name: "data",
    cliRemote: { prefix: "lab:", addRemote: "incus remote add lab https://198.18.1.2:8443" },
    deleteCommand: "incus storage delete",
    remaining,
  });
  const lines = detail.split("\n").map((l) => l.trim());
  const add = lines.indexOf("incus remote add lab https://198.18.1.2:8443");
  expect(add).toBeGreaterThan(-1);
  expect(
    lines.indexOf("incus storage volume delete lab:data pg-final-20261203T101010Z --project apps"),
  ).toBeGreaterThan(add);
  expect(lines).toContain("incus storage delete lab:data");
});
