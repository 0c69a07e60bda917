// Pure helpers shared by the incus_* resources: import IDs, config drift rules, adopt-on-create, durations,
// waits and device blocks.
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import {
  OWNER_KEY,
  WaitStoppedError,
  WaitTimeoutError,
  adoptOrFail,
  devicesFromBlocks,
  devicesToBlocks,
  formatImportId,
  mergeForPut,
  parseDuration,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
  waitUntil,
} from "../../../lib/provider/incus/common";

describe("parseImportId", () => {
  const one = { fields: ["name"], options: ["image"], typeName: "incus_instance" };
  const two = { fields: ["pool", "name"], typeName: "incus_storage_volume" };

  test.each([
    ["c1", { remote: null, project: null, fields: { name: "c1" }, options: {} }],
    ["local:c1", { remote: "local", project: null, fields: { name: "c1" }, options: {} }],
    ["local:proj/c1", { remote: "local", project: "proj", fields: { name: "c1" }, options: {} }],
    ["proj/c1,image=alpine", { remote: null, project: "proj", fields: { name: "c1" }, options: { image: "alpine" } }],
    [":/c1,", { remote: null, project: null, fields: { name: "c1" }, options: {} }],
  ])("one field: %s", (id, expected) => {
    expect(parseImportId(id, one)).toEqual(expected);
  });

  test("two fields need the project slash; an empty project means the default", () => {
    expect(parseImportId("/pool/vol", two)).toEqual({
      remote: null,
      project: null,
      fields: { pool: "pool", name: "vol" },
      options: {},
    });
    expect(parseImportId("r:p/pool/vol", two)).toEqual({
      remote: "r",
      project: "p",
      fields: { pool: "pool", name: "vol" },
      options: {},
    });
    expect(() => parseImportId("pool/vol", two)).toThrow(
      /expected the fields pool, name.*\[<remote>:\]\[<project>\]\/<pool>\/<name>/,
    );
  });

  test.each([
    ["", /the ID is empty/],
    ["c1,color=red", /unexpected option "color" \(allowed: image\)/],
    ["c1,image", /not in key=value form/],
    ["p/", /the name part is empty/],
    ["a/b/c", /expected the fields name/],
  ])("rejects %j with a usage line", (id, message) => {
    expect(() => parseImportId(id, one)).toThrow(message);
    expect(() => parseImportId(id, one)).toThrow(
      /terraform import incus_instance\.<name> \[<remote>:\]\[<project>\/\]<name>\[,image=<value>\]/,
    );
  });

  test("allowProject=false rejects a project part", () => {
    expect(() => parseImportId("x/p1", { fields: ["name"], allowProject: false })).toThrow(/takes no project part/);
  });

  test("formatImportId is the inverse for the usual shapes", () => {
    expect(formatImportId({ fields: ["c1"] })).toBe("c1");
    expect(formatImportId({ remote: "r", project: "p", fields: ["c1"], options: { image: "a" } })).toBe(
      "r:p/c1,image=a",
    );
    expect(formatImportId({ project: "default", fields: ["pool", "v"] })).toBe("/pool/v");
    const id = formatImportId({ remote: "r", project: "p", fields: ["pool", "v"] });
    expect(parseImportId(id, { fields: ["pool", "name"] }).fields).toEqual({ pool: "pool", name: "v" });
  });
});

describe("stripComputedConfig", () => {
  const computed = ["volatile.", "source", "tunnel.*"];
  const live = { "volatile.uuid": "u", source: "/var/x", "tunnel.a.id": "1", "user.extra": "y", "limits.cpu": "2" };

  test("server-generated keys are dropped unless the user set them; other keys always stay", () => {
    expect(stripComputedConfig(live, { "limits.cpu": "1" }, computed)).toEqual({
      "limits.cpu": "2",
      "user.extra": "y",
    });
    expect(stripComputedConfig(live, { source: "/mine" }, computed)).toEqual({
      source: "/var/x",
      "limits.cpu": "2",
      "user.extra": "y",
    });
  });

  test("a configured key missing from the server is absent (drift shows)", () => {
    expect(stripComputedConfig({}, { "user.a": "1" }, computed)).toEqual({});
  });

  test("a key the user set to null stays a null element, whatever the server has for it", () => {
    expect(stripComputedConfig(live, { "limits.cpu": null, "user.gone": null, source: null }, computed)).toEqual({
      "limits.cpu": null,
      "user.extra": "y",
      "user.gone": null,
      source: null,
    });
    // Objects without server-generated keys (profiles, ACLs, zones, ...) pass no computed keys.
    expect(stripComputedConfig({ "user.a": "1" }, { "user.b": null })).toEqual({ "user.a": "1", "user.b": null });
    expect(stripComputedConfig({ "user.a": "1" }, null)).toEqual({ "user.a": "1" });
  });

  test("userConfigOf keeps null elements, drops unknown ones; null stays null (import), unknown is {}", () => {
    expect(userConfigOf({ a: "1", b: null, c: UNKNOWN })).toEqual({ a: "1", b: null });
    expect(userConfigOf(null)).toBeNull();
    expect(userConfigOf(undefined)).toBeNull();
    expect(userConfigOf(UNKNOWN)).toEqual({});
  });

  test("after an import only keepOnImport values of computed keys survive", () => {
    const keep = (_k: string, v: string) => v === "/var/x";
    expect(stripComputedConfig(live, null, computed, keep)).toEqual({
      source: "/var/x",
      "limits.cpu": "2",
      "user.extra": "y",
    });
    expect(stripComputedConfig(live, { "limits.cpu": "2" }, computed, keep)).toEqual({
      "limits.cpu": "2",
      "user.extra": "y",
    });
  });

  test("mergeForPut keeps the server's computed keys the user did not set", () => {
    expect(mergeForPut(live, { "limits.cpu": "4" }, computed)).toEqual({
      "limits.cpu": "4",
      "volatile.uuid": "u",
      source: "/var/x",
      "tunnel.a.id": "1",
    });
  });
});

describe("adoptOrFail", () => {
  const base = { kind: "incus_profile", name: "web", importId: "proj/web" };

  test("adopts only when the existing marker equals the planned one", () => {
    const diagnostics = new Diagnostics();
    expect(
      adoptOrFail({
        ...base,
        diagnostics,
        existingConfig: { [OWNER_KEY]: "s/web" },
        plannedConfig: { [OWNER_KEY]: "s/web" },
      }),
    ).toBe(true);
    expect(diagnostics.length).toBe(0);
  });

  test.each([
    [{ [OWNER_KEY]: "other/web" }, { [OWNER_KEY]: "s/web" }, /owned by "other\/web"/],
    [{}, { [OWNER_KEY]: "s/web" }, /carries no user\.cdktf-virt\.owner marker/],
    [{ [OWNER_KEY]: "s/web" }, {}, /configuration carries no ownership marker/],
  ])("refuses %j with an import hint", (existing, planned, why) => {
    const diagnostics = new Diagnostics();
    expect(adoptOrFail({ ...base, diagnostics, existingConfig: existing, plannedConfig: planned })).toBe(false);
    const [d] = diagnostics.errors;
    expect(d.summary).toBe('incus_profile "web" already exists');
    expect(d.detail).toMatch(why);
    expect(d.detail).toMatch(/terraform import incus_profile\.<resource name> proj\/web/);
    expect(d.path).toEqual(["name"]);
  });
});

describe("durations and waits", () => {
  test.each([
    ["30s", 30_000],
    ["1m30s", 90_000],
    ["500ms", 500],
    ["2h", 7_200_000],
    ["1.5s", 1500],
    ["0", 0],
  ])("parseDuration(%j)", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.each(["", "10", "5 m", "1d", "abc"])("parseDuration(%j) explains the format", (text) => {
    expect(() => parseDuration(text)).toThrow(/not a duration; use a number with a unit/);
  });

  test("waitUntil returns the first truthy probe result", async () => {
    let n = 0;
    const value = await waitUntil("three probes", async () => (++n === 3 ? "done" : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(value).toBe("done");
    expect(n).toBe(3);
  });

  test("waitUntil times out with a message naming what it waited for", async () => {
    const started = Date.now();
    await expect(waitUntil("the moon", async () => false, { timeoutMs: 120, intervalMs: 20 })).rejects.toThrow(
      WaitTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("waitUntil stops promptly when the signal aborts, even inside a probe", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const never = (signal: AbortSignal) =>
      new Promise<undefined>((_r, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    await expect(waitUntil("forever", never, { timeoutMs: 60_000, signal: controller.signal })).rejects.toThrow(
      WaitStoppedError,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("device blocks", () => {
  test("round trip between blocks and the devices map, sorted by name", () => {
    const devices = devicesFromBlocks([
      { name: "root", type: "disk", properties: { path: "/", pool: "p" } },
      { name: "eth0", type: "nic", properties: { network: "br0" } },
    ]);
    expect(devices).toEqual({ root: { type: "disk", path: "/", pool: "p" }, eth0: { type: "nic", network: "br0" } });
    expect(devicesToBlocks(devices).map((d) => d.name)).toEqual(["eth0", "root"]);
    expect(devicesToBlocks(devices)[1]).toEqual({ name: "root", type: "disk", properties: { path: "/", pool: "p" } });
  });
});
