// Ready-made importState implementations: one attribute, or several joined with a separator.
import { importByAttribute, importJoinedId } from "../../../lib/provider/framework";
import type { ResourceContext } from "../../../lib/provider/framework";

const ctx = {} as ResourceContext<unknown>;

describe("import helpers", () => {
  test("importByAttribute puts the ID into one attribute and rejects an empty ID", async () => {
    await expect(importByAttribute("name")("web", ctx)).resolves.toEqual({ name: "web" });
    await expect(importByAttribute("name")(" ", ctx)).rejects.toThrow(
      "The import ID is empty: give the name of the object to import.",
    );
  });

  test("importJoinedId splits on the separator; leading parts may be optional", async () => {
    const imp = importJoinedId(["project", "pool", "name"], { optionalLeading: 1 });
    await expect(imp("p/default/data", ctx)).resolves.toEqual({ project: "p", pool: "default", name: "data" });
    await expect(imp("default/data", ctx)).resolves.toEqual({ pool: "default", name: "data" });
    await expect(imp("data", ctx)).rejects.toThrow('Invalid import ID "data": expected <project>/<pool>/<name>.');
    await expect(imp("a//b", ctx)).rejects.toThrow(/Invalid import ID/);
    await expect(importJoinedId(["a", "b"], { separator: ":" })("x:y", ctx)).resolves.toEqual({ a: "x", b: "y" });
  });
});
