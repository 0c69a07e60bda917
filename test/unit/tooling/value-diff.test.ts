// Leaf diffs of Terraform values: nested maps, set blocks matched by name, unknown and sensitive values.
import { describeLeaf, diffValues, formatPath, formatValue, valueAt } from "../../../lib/tooling/explain/value-diff";

describe("diffValues", () => {
  test("reports changed leaves of nested objects with readable paths", () => {
    const leaves = diffValues(
      { image: "a", config: { "limits.cpu": "1", "user.x": "same" } },
      { image: "b", config: { "limits.cpu": "2", "user.x": "same" } },
    );
    expect(leaves.map(describeLeaf)).toEqual(['config["limits.cpu"]: "1" → "2"', 'image: "a" → "b"']);
  });

  test("matches set blocks by name, so reordering is not a change", () => {
    const before = {
      device: [
        { name: "a", properties: { source: "v1" } },
        { name: "b", properties: { source: "v2" } },
      ],
    };
    const after = {
      device: [
        { name: "b", properties: { source: "v2" } },
        { name: "a", properties: { source: "v9" } },
      ],
    };
    expect(diffValues(before, after).map(describeLeaf)).toEqual(['device["a"].properties.source: "v1" → "v9"']);
    const added = diffValues(before, { device: [...before.device, { name: "c", properties: {} }] });
    expect(added.map((l) => formatPath(l.path))).toEqual(['device["c"]']);
    expect(added.map(describeLeaf)).toEqual(['device["c"] added: {"name":"c","properties":{}}']);
    const removed = diffValues(before, { device: [before.device[1]] });
    expect(removed.map(describeLeaf)).toEqual(['device["a"] removed (was {"name":"a","properties":{"source":"v1"}})']);
  });

  test("unknown values are flagged as known after apply; missing and null are the same", () => {
    const leaves = diffValues({ id: "x", description: null }, { description: undefined }, { id: true });
    expect(leaves).toEqual([{ path: ["id"], before: "x", after: undefined, afterUnknown: true, sensitive: false }]);
    expect(describeLeaf(leaves[0])).toBe('id: "x" → (known after apply)');
  });

  test("sensitive values are not printed", () => {
    const [leaf] = diffValues({ token: "old" }, { token: "new" }, {}, { token: true });
    expect(describeLeaf(leaf)).toBe("token (sensitive value changed)");
  });

  test("lists of different length change as a whole", () => {
    expect(diffValues({ profiles: ["a"] }, { profiles: ["a", "b"] }).map(describeLeaf)).toEqual([
      'profiles: ["a"] → ["a","b"]',
    ]);
  });
});

describe("paths and values", () => {
  test("valueAt follows keys, indexes and named elements", () => {
    const value = { device: [{ name: "root", properties: { pool: "p" } }], list: [1, 2] };
    expect(valueAt(value, ["device", { element: "root" }, "properties", "pool"])).toBe("p");
    expect(valueAt(value, ["list", 1])).toBe(2);
    expect(valueAt(value, ["nope", "x"])).toBeUndefined();
  });

  test("long values are shortened, null reads (none)", () => {
    expect(formatValue("x".repeat(100))).toHaveLength(60);
    expect(formatValue(null)).toBe("(none)");
  });
});
