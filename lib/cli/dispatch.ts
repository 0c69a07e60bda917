// The `cdktf-virt` command dispatcher: maps command words to command modules, loaded only when used.
import { reportThrown } from "../tooling/common/errors";
import type { ToolIO, ToolMain } from "../tooling/common/io";

export const USAGE = `Usage: cdktf-virt <command> [options]

Commands:
  init [DIR]         create an infra repository (starter stack, scripts, CI pipeline) that deploys with \`npm run deploy\`
  provider install   install the bundled Terraform providers into a filesystem mirror
  explain [PLAN]     say in words what a plan does to instances and their data; --guard refuses data loss
  graph [STACK]      draw hosts, pools, volumes, instances and their lifecycle coupling (Mermaid, DOT, SVG, HTML)
  drift [STACK]      say what changed on the hosts outside the code since the last deploy (text, Markdown, JSON); exit 2 when anything did
  import             write construct code and import blocks that adopt a live Incus host's objects
  doctor             check terraform, node, the bundled providers, Incus and libvirt, and say how to fix problems

Run \`cdktf-virt <command> --help\` for a command's options.
`;

/** Command words → loader. Loaders require lazily so one command does not pay for the others. */
export const COMMANDS: ReadonlyMap<string, () => ToolMain> = new Map<string, () => ToolMain>([
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ["provider install", () => (require("./provider-install") as typeof import("./provider-install")).providerInstall],
  /* eslint-disable @typescript-eslint/no-require-imports */
  ["init", () => (require("./init") as typeof import("./init")).init],
  ["explain", () => (require("../tooling/explain") as typeof import("../tooling/explain")).main],
  ["graph", () => (require("../tooling/graph") as typeof import("../tooling/graph")).main],
  ["drift", () => (require("../tooling/drift") as typeof import("../tooling/drift")).main],
  ["doctor", () => (require("../tooling/doctor") as typeof import("../tooling/doctor")).main],
  ["import", () => (require("../tooling/import-host") as typeof import("../tooling/import-host")).main],
  /* eslint-enable @typescript-eslint/no-require-imports */
]);

export async function main(argv: string[], io: ToolIO): Promise<number> {
  if (argv.length === 0 || argv[0] === "-h" || argv[0] === "--help" || argv[0] === "help") {
    io.stdout.write(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  // Longest match first: "provider install" before a possible "provider".
  for (let words = Math.min(argv.length, 3); words > 0; words--) {
    const name = argv.slice(0, words).join(" ");
    const load = COMMANDS.get(name);
    if (!load) continue;
    try {
      return await load()(argv.slice(words), io);
    } catch (err) {
      return reportThrown(name, err, io);
    }
  }
  io.stderr.write(`cdktf-virt: unknown command ${JSON.stringify(argv.join(" "))}\n\n${USAGE}`);
  return 1;
}
