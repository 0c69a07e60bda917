// lib/records is floor 1: the constructs, both providers and the tooling import it, so it imports none of them
// (nor cdktf, constructs or a daemon client), only its own files and the XML parser.
import * as fs from "fs";
import * as path from "path";

const DIR = path.join(__dirname, "../../../lib/records");

describe("lib/records", () => {
  it.each(fs.readdirSync(DIR).filter((f) => f.endsWith(".ts")))(
    "%s imports only lib/records and fast-xml-parser",
    (file) => {
      const source = fs.readFileSync(path.join(DIR, file), "utf8");
      const specifiers = [...source.matchAll(/^(?:import|export)[^;]*? from "([^"]+)";/gms)].map((m) => m[1]);
      for (const specifier of specifiers) expect(specifier).toMatch(/^(\.\/[\w-]+|fast-xml-parser)$/);
    },
  );
});
