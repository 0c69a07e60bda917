// The value rules behind plan-time refusal of bad input (the drill in
// test/integration/reliability/support/resource-input-fuzz.ts proves them through terraform).
import { Diagnostics } from "../../../lib/provider/framework";
import {
  byteSizeProblem,
  configValueChecks,
  instanceName,
  objectName,
  unixId,
} from "../../../lib/provider/incus/common";

function errors(v: ReturnType<typeof configValueChecks>, value: unknown, path: unknown[] = ["x"]) {
  const diags = new Diagnostics();
  v.validate({ path: path as never, type: "string", value: value as never, config: {} }, diags);
  return diags.errors;
}

test("byte sizes: whole, non-negative, with Incus' units, below 8 EiB", () => {
  for (const ok of ["0", "512", "16MiB", "10GB", "1kB", "7EiB"]) expect(byteSizeProblem(ok)).toBeUndefined();
  for (const bad of ["-1GiB", "1.5GiB", "10G", "1 GiB", "8EiB", "99999999999999TiB", "", "GiB"])
    expect(byteSizeProblem(bad)).toBeDefined();
});

test("config values are checked per key and reported at the map key", () => {
  const check = configValueChecks();
  const found = errors(
    check,
    { "limits.cpu": "0", "limits.memory": "150%", size: "1.5GiB", "bridge.hwaddr": "00:11", "user.x": "-1GiB" },
    ["config"],
  );
  expect(found.map((d) => d.path)).toEqual([
    ["config", { key: "limits.cpu" }],
    ["config", { key: "limits.memory" }],
    ["config", { key: "size" }],
    ["config", { key: "bridge.hwaddr" }],
  ]);
  expect(
    errors(check, { "limits.cpu": "0-3", "limits.memory": "50%", size: "8GiB", hwaddr: "00:16:3e:aa:bb:cc" }),
  ).toEqual([]);
  expect(errors(configValueChecks(["limits.cpu"]), { "limits.cpu": "0" })).toEqual([]);
});

test("names: no whitespace, control characters, quotes or markup; instance names are host names", () => {
  const profile = objectName("profile");
  for (const bad of ["p\nq", "p'&q", 'p"<>', "p/q", " ", "", ".", "..", "x".repeat(64)])
    expect(errors(profile, bad).length).toBe(1);
  for (const ok of ["web_tier.2", "default", "a-b"]) expect(errors(profile, ok)).toEqual([]);
  expect(errors(objectName("image alias", { slash: true }), "debian/13/cloud")).toEqual([]);
  for (const bad of ["-a", "a-", "x_y", "123", "a b"]) expect(errors(instanceName, bad).length).toBe(1);
  for (const ok of ["web-1", "9abc", "A"]) expect(errors(instanceName, ok)).toEqual([]);
});

test("uid/gid: 0..4294967294, named by path", () => {
  expect(errors(unixId, 1000)).toEqual([]);
  const [d] = errors(unixId, -1, ["exec", { key: "a" }, "uid"]);
  expect(d.detail).toMatch(/^exec\["a"\]\.uid: -1 is not a user or group id/);
  expect(errors(unixId, 4294967295).length).toBe(1);
  expect(errors(unixId, 1.5).length).toBe(1);
});
