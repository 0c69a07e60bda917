// `cdktf-virt import --remote R`: reads a live Incus host and writes a cdktf stack that declares its objects with
// the constructs and adopts them on the next deploy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { IncusClient, RemoteTable, isIncusError, parseAddress } from "../../incus";
import type { IncusRemote } from "../../incus";
import { parseCommandArgs } from "../common/args";
import { reportError, ToolError, UsageError } from "../common/errors";
import { EXIT_OK } from "../common/io";
import type { ToolIO } from "../common/io";
import { planImport } from "./plan";
import { renderStack } from "./render-stack";
import { readHost } from "./snapshot";

export const IMPORT_USAGE = `Usage: cdktf-virt import --remote R [options]

Reads a live Incus host and writes TypeScript that declares its objects with the cdktf-virt constructs, each
adopted with a Terraform import block, so \`cdktf deploy\` takes them over without recreating anything.

Options:
  --remote R             local (the unix socket), unix:///path/to/unix.socket, https://host:8443, or the name of
                         a remote of the incus client (\`incus remote list\`; its certificates are used)
  --client-cert FILE     https: PEM client certificate the server trusts
  --client-key FILE      https: its private key
  --server-cert FILE     https (required): the server's certificate, pinned (e.g. /var/lib/incus/server.crt)
  --remote-name NAME     the remote's name in the generated IncusHost (default: local, the incus remote's name,
                         or the https host name)
  --project P            the Incus project to read (default: default)
  --prefix NAME-PREFIX   only objects whose names start with this (for shared hosts)
  --out DIR              where to write the files (default: the current directory)
  --stack NAME           the stack name (default: imported); the stack goes to <NAME>-stack.ts
  --package SPEC         the module the generated code imports the constructs from (default: cdktf-virt)
  --certificates         also adopt the trusted client certificates (by default they are only listed: they are
                         credentials, and a stack that owns them revokes access when a line is removed); the
                         certificate this import connects with is never adopted
  --force                overwrite an existing stack file
  -h, --help             show this help

Writes <NAME>-stack.ts, and main.ts when the directory has none. Progress goes to stderr.
`;

export async function main(argv: string[], io: ToolIO): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    if (isIncusError(err))
      return reportError(new ToolError(`Reading the Incus host failed: ${err.message}`), io, IMPORT_USAGE);
    return reportError(err, io, IMPORT_USAGE);
  }
}

async function run(argv: string[], io: ToolIO): Promise<number> {
  const args = parseCommandArgs(
    "import",
    argv,
    {
      remote: { type: "string" },
      "client-cert": { type: "string" },
      "client-key": { type: "string" },
      "server-cert": { type: "string" },
      "remote-name": { type: "string" },
      project: { type: "string" },
      prefix: { type: "string" },
      out: { type: "string" },
      stack: { type: "string" },
      package: { type: "string" },
      force: { type: "boolean" },
      certificates: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    0,
  );
  if (args.flags.help) {
    io.stdout.write(IMPORT_USAGE);
    return EXIT_OK;
  }
  const cwd = io.cwd ?? process.cwd();
  const v = args.values;
  if (!v.remote) throw new UsageError(`import: --remote is required (${REMOTE_FORMS})`);
  const stackName = v.stack ?? "imported";
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(stackName)) {
    throw new UsageError(`import: --stack "${stackName}" is not a stack name; use letters, digits, '-' and '_'`);
  }
  const target = remoteFor(
    v.remote,
    { cert: v["client-cert"], key: v["client-key"], server: v["server-cert"] },
    cwd,
    io.env ?? process.env,
  );
  const remoteName = v["remote-name"] ?? target.defaultName;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remoteName)) {
    throw new UsageError(
      `import: --remote-name "${remoteName}" is not a remote name; use letters, digits, '.', '_' or '-'`,
    );
  }

  const client = new IncusClient({ remote: target.remote });
  const project = v.project ?? "default";
  let snapshot;
  try {
    io.stderr.write(
      `reading ${client.endpoint}${project !== "default" ? `, project ${project}` : ""}${
        v.prefix ? `, names starting with "${v.prefix}"` : ""
      }\n`,
    );
    snapshot = await readHost(client, {
      remoteName,
      address: target.address,
      project,
      prefix: v.prefix ?? "",
      progress: (line) => io.stderr.write(`${line}\n`),
    });
  } finally {
    await client.close();
  }

  const plan = planImport(snapshot, { certificates: args.flags.certificates === true });
  const files = renderStack(plan, {
    stackName,
    packageName: v.package,
    source: `${client.endpoint} (project ${project}${v.prefix ? `, prefix "${v.prefix}"` : ""})`,
  });
  const outDir = resolve(cwd, v.out ?? ".");
  mkdirSync(outDir, { recursive: true });
  const stackPath = join(outDir, files.stackFileName);
  if (existsSync(stackPath) && !args.flags.force && readFileSync(stackPath, "utf8") !== files.stackFile) {
    throw new ToolError(
      `${stackPath} exists and differs from what the import would write; pass --force to overwrite it, or choose another --stack or --out.`,
    );
  }
  writeFileSync(stackPath, files.stackFile);
  const mainPath = join(outDir, "main.ts");
  const wroteMain = !existsSync(mainPath);
  if (wroteMain) writeFileSync(mainPath, files.mainFile);

  for (const w of plan.warnings) io.stderr.write(`warning: ${w}\n`);
  const adopted = plan.declarations.filter((d) => d.importId !== undefined).length;
  io.stdout.write(`Wrote ${stackPath} (${adopted} object${adopted === 1 ? "" : "s"} to adopt).\n`);
  if (wroteMain) io.stdout.write(`Wrote ${mainPath}.\n`);
  else
    io.stdout.write(
      `${mainPath} exists and was left alone; add: new ${
        files.stackClassName
      }(app, "${stackName}") (from "./${files.stackFileName.replace(/\.ts$/, "")}").\n`,
    );
  io.stdout.write(
    `Next: cdktf deploy ${stackName} — it imports the objects and changes nothing but their ownership marker.\n`,
  );
  return EXIT_OK;
}

interface RemoteTarget {
  readonly remote: IncusRemote;
  /** The address the generated IncusHost uses. */
  readonly address: string;
  readonly defaultName: string;
}

const REMOTE_FORMS = "local, unix:///path/to/unix.socket, https://host:8443 or the name of an incus remote";

function remoteFor(
  spec: string,
  files: { cert?: string; key?: string; server?: string },
  cwd: string,
  env: NodeJS.ProcessEnv,
): RemoteTarget {
  const tlsGiven = files.cert !== undefined || files.key !== undefined || files.server !== undefined;
  const isUrl = spec.includes("://");
  if (tlsGiven && !(isUrl && spec.startsWith("https://"))) {
    throw new UsageError("import: --client-cert, --client-key and --server-cert only apply to an https:// remote");
  }
  if (spec === "local" || spec === "unix://")
    return { remote: { kind: "unix" }, address: "unix://", defaultName: "local" };
  if (!isUrl) return namedRemote(spec, env);
  let address;
  try {
    address = parseAddress(spec, env);
  } catch {
    throw new UsageError(`import: --remote "${spec}" is not ${REMOTE_FORMS}`);
  }
  if (address.kind === "unix")
    return {
      remote: { kind: "unix", socketPath: address.socketPath },
      address: address.normalized,
      defaultName: "local",
    };
  if (!files.cert || !files.key)
    throw new UsageError(
      "import: an https remote needs --client-cert and --client-key (a certificate the server trusts)",
    );
  if (!files.server) {
    throw new UsageError(
      "import: an https remote needs --server-cert: the server's certificate, which the connection pins " +
        "(the host's /var/lib/incus/server.crt, or ~/.config/incus/servercerts/<remote>.crt after `incus remote add`)",
    );
  }
  const read = (file: string, option: string): string => {
    const path = isAbsolute(file) ? file : resolve(cwd, file);
    try {
      return readFileSync(path, "utf8");
    } catch (err) {
      throw new ToolError(`import: cannot read ${option} ${path}: ${(err as Error).message}`);
    }
  };
  const host = new URL(address.origin).hostname;
  return {
    remote: {
      kind: "https",
      url: address.origin,
      clientCert: read(files.cert, "--client-cert"),
      clientKey: read(files.key, "--client-key"),
      serverCert: read(files.server, "--server-cert"),
    },
    address: address.origin,
    defaultName: host.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "remote",
  };
}

/** A remote of the incus client's configuration (config.yml, client.crt, servercerts/), as the provider reads it. */
function namedRemote(name: string, env: NodeJS.ProcessEnv): RemoteTarget {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name))
    throw new UsageError(`import: --remote "${name}" is not ${REMOTE_FORMS}`);
  const table = RemoteTable.load({
    env,
    hints: {
      defineRemote:
        "add it with `incus remote add`, or pass its address (unix:///path/to/unix.socket or https://host:8443)",
      createClientCertificate:
        "Run `incus remote add` for it, or pass its https:// address with --client-cert, --client-key and --server-cert.",
    },
  });
  try {
    return { remote: table.connection(name), address: table.info(name).address, defaultName: name };
  } catch (err) {
    const problem = table.configProblem ? ` (${table.configProblem})` : "";
    throw new ToolError(`import: ${(err as Error).message}${problem}`);
  }
}
