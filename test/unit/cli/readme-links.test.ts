// README.md is the package's page on npm: every link in it must lead somewhere from there. A relative link must name
// a file the packed tarball holds (`npm pack --dry-run --json`); a file the package does not ship is linked
// absolutely, into the repository that package.json's `repository` names, and must exist in this checkout.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

interface Token {
  readonly type: string;
  readonly children: readonly Token[] | null;
  attrGet(name: string): string | null;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require("markdown-it") as new () => { parse(src: string, env: object): Token[] };

const root = path.join(__dirname, "..", "..", "..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/** Every link and image target in the README, as the markdown parser sees them. */
function links(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === "link_open") found.push(token.attrGet("href") ?? "");
      if (token.type === "image") found.push(token.attrGet("src") ?? "");
      if (token.children) walk(token.children);
    }
  };
  walk(new MarkdownIt().parse(markdown, {}));
  return found;
}

/** The files `npm pack` would put in the tarball (no build: the README links no built file). */
function packedFiles(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=error"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Set((JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
}

const repositoryUrl = (): string => {
  const url: string = typeof pkg.repository === "string" ? pkg.repository : (pkg.repository?.url ?? "");
  return url.replace(/^git\+/, "").replace(/\.git$/, "");
};

test("package.json names the repository, so npm shows it and absolute links have a home", () => {
  expect(repositoryUrl()).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
});

test("every relative link in README.md names a file in the packed tarball", () => {
  const files = packedFiles();
  expect(files.has("README.md")).toBe(true);
  const relative = links(readme).filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith("#"));
  expect(relative.length).toBeGreaterThan(0);
  const missing = relative.filter((href) => !files.has(path.posix.normalize(decodeURI(href.split("#")[0]))));
  expect(missing).toEqual([]);
});

test("every absolute link into the repository names a file or folder of this checkout", () => {
  const base = `${repositoryUrl()}/`;
  const inRepo = links(readme).filter((href) => href.startsWith(base) && href !== base);
  const missing = inRepo.filter((href) => {
    const match = /^(?:blob|tree)\/[^/]+\/(.+)$/.exec(href.slice(base.length).split("#")[0]);
    return !match || !fs.existsSync(path.join(root, decodeURI(match[1])));
  });
  expect(missing).toEqual([]);
});

test("the first code block is the two commands for a clone, followed by what a user of the package does", () => {
  const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)];
  expect(blocks[0][2]).toBe(
    "bash scripts/setup.sh && npm run example:deploy   # set up Incus + libvirt + build, then deploy examples/homelab onto the local Incus\n" +
      "npm test                                          # all tests: unit, then integration against real incusd, libvirtd and terraform\n",
  );
  const between = readme.slice(blocks[0].index! + blocks[0][0].length, blocks[1].index);
  expect(between).toMatch(/for a clone of/);
  expect(blocks[1][2]).toMatch(/npx cdktf-virt init /);
  expect(blocks[1][2]).toMatch(/npm run deploy/);
  expect(blocks[1][2]).toMatch(/npm run explain/);
});
