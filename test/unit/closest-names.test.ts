import { closestNames, didYouMean, editDistance } from "../../lib/closest-names";

describe("editDistance", () => {
  test("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("defualt", "default")).toBe(2);
  });
});

describe("closestNames", () => {
  const images = ["cdktf-virt-busybox", "debian-13", "alpine-3.20", "ubuntu-24.04"];

  test("finds a one-letter typo and drops far names", () => {
    expect(closestNames("cdktf-virt-busyboxx", images)).toEqual(["cdktf-virt-busybox"]);
    expect(closestNames("debain-13", images)).toEqual(["debian-13"]);
    expect(closestNames("zzzz", images)).toEqual([]);
  });

  test("orders by distance, then by name, and stops at the limit", () => {
    expect(closestNames("br1", ["br0", "br2", "br10", "eth0"])).toEqual(["br0", "br10", "br2"]); // all one edit away
    expect(closestNames("br1", ["br0", "br2", "br10"], 1)).toEqual(["br0"]);
  });

  test("a truncated or extended name counts as close; case is ignored; the name itself is not suggested", () => {
    expect(closestNames("a1b2c3d4", ["a1b2c3d4e5f6a7b8c9d0"])).toEqual(["a1b2c3d4e5f6a7b8c9d0"]);
    expect(closestNames("Default", ["default"])).toEqual(["default"]);
    expect(closestNames("default", ["default"])).toEqual([]);
  });
});

describe("didYouMean", () => {
  test("suggests close names, else lists what exists, else says there is nothing", () => {
    expect(didYouMean("defualt", ["default", "web"], "profiles")).toBe('Did you mean "default"?');
    expect(didYouMean("x", ["b", "a"], "profiles")).toBe('Did you mean "a" or "b"?');
    expect(didYouMean("nothing-like", ["web", "db"], "profiles")).toBe('Existing profiles: "db", "web".');
    expect(didYouMean("nothing-like", ["a1", "b2", "c3"], "pools", 2)).toBe('Existing pools: "a1", "b2", and 1 more.');
    expect(didYouMean("x", [], "images")).toBe("There are no images.");
  });
});
