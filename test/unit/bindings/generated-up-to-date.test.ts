// The bindings in lib/bindings/generated are derived from the providers' schema literals and committed; this fails
// while a schema and its binding disagree (a schema changed without `npm run generate:bindings`, or a generated file
// edited by hand), naming the files that differ.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { GENERATED_DIR, generateBindings } from "../../../scripts/bindings/generate";

const root = join(__dirname, "..", "..", "..");

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [relative(root, join(dir, e.name))],
  );
}

test("lib/bindings/generated is what `npm run generate:bindings` writes from the provider schemas", () => {
  const expected = generateBindings();
  const stale = [...expected].filter(([path, content]) => {
    const file = join(root, path);
    return !existsSync(file) || readFileSync(file, "utf8") !== content;
  });
  const extra = filesUnder(join(root, GENERATED_DIR)).filter((path) => !expected.has(path));
  expect({ stale: stale.map(([path]) => path), extra }).toEqual({ stale: [], extra: [] });
});

test("every resource and data source of the bundled providers has a binding", () => {
  const files = [...generateBindings().keys()];
  expect(files).toEqual(
    expect.arrayContaining([
      `${GENERATED_DIR}/incus/instance.ts`,
      `${GENERATED_DIR}/incus/storage-volume-snapshot.ts`,
      `${GENERATED_DIR}/incus/data-instance.ts`,
      `${GENERATED_DIR}/incus/data-network-load-balancer.ts`,
      `${GENERATED_DIR}/libvirt/cloudinit-disk.ts`,
      `${GENERATED_DIR}/libvirt/provider.ts`,
      `${GENERATED_DIR}/index.ts`,
    ]),
  );
});
