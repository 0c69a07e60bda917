// libvirt_ignition and libvirt_combustion (0.9.x shapes) both turn `content` into a file on the machine that runs
// terraform, for a domain to read (Ignition through fw_cfg or a disk, Combustion's script on a config disk). As
// with the local cloud-init ISO, and unlike 0.9.x, the file is private (it often holds keys and passwords), named per
// resource ("<name>-<sha256 prefix>.<ext>", so two resources with the same content never share a file that
// deleting one would remove), and written again from the state when it vanished (a reboot clearing the temporary
// directory, another CI runner) instead of replacing everything built from it.
import { createHash } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Resource, Schema } from "../../framework";
import { num, requiresReplace, str, useStateForUnknown } from "../../framework";
import { checkName } from "../common";
import type { LibvirtProviderData } from "../provider-data";

/** The schema of a content file resource; `what` names the content in descriptions. */
export function localFileSchema(description: string, what: string) {
  return {
    description,
    attributes: {
      name: str({
        required: true,
        description: "Name of the resource (and of its file).",
        planModifiers: [requiresReplace()],
      }),
      content: str({
        required: true,
        sensitive: true,
        description: `${what}. Sensitive: it often carries keys and passwords. Changing it replaces the file.`,
        planModifiers: [requiresReplace()],
      }),
      id: str({
        computed: true,
        description: "First 16 hex digits of the content's SHA-256.",
        planModifiers: [useStateForUnknown()],
      }),
      path: str({
        computed: true,
        description: "The file on the machine that runs terraform.",
        planModifiers: [useStateForUnknown()],
      }),
      size: num({ computed: true, description: "Size of the file in bytes.", planModifiers: [useStateForUnknown()] }),
    },
  } satisfies Schema;
}

type LocalFileSchema = ReturnType<typeof localFileSchema>;

/** A resource that writes its content to `<tmpdir>/cdktf-virt-<kind>/<name>-<sha16>.<extension>`. */
export function localFileResource(
  typeName: string,
  kind: string,
  extension: string,
  schema: LocalFileSchema,
): Resource<LibvirtProviderData, LocalFileSchema> {
  const checksum = (content: string) => createHash("sha256").update(content).digest("hex").slice(0, 16);
  const pathFor = (name: string, content: string) =>
    join(tmpdir(), `cdktf-virt-${kind}`, `${name}-${checksum(content)}.${extension}`);
  const write = async (path: string, content: string) => {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, content, { mode: 0o600 });
    return Buffer.byteLength(content);
  };
  return {
    typeName,
    schema,
    validateConfig(config, ctx) {
      checkName(config.name, ["name"], kind, ctx.diagnostics);
    },
    async create({ planned }, _ctx, resp) {
      const path = pathFor(planned.name, planned.content);
      const size = await write(path, planned.content);
      resp.state = { name: planned.name, content: planned.content, id: checksum(planned.content), path, size };
    },
    async read({ state }, ctx) {
      const path = state.path ?? pathFor(state.name, state.content);
      try {
        return { ...state, path, size: (await stat(path)).size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
      const size = await write(path, state.content);
      ctx.log.info(`${kind} file ${path} was missing; written again from the state`);
      return { ...state, path, size };
    },
    async update({ planned }, _ctx, resp) {
      resp.state = {
        ...planned,
        id: checksum(planned.content),
        path: pathFor(planned.name, planned.content),
        size: Buffer.byteLength(planned.content),
      };
    },
    async delete({ prior }) {
      // Only a file of this resource's own naming is removed (never a path an edited state points elsewhere).
      if (prior.path && basename(prior.path) === `${prior.name}-${checksum(prior.content)}.${extension}`)
        await rm(prior.path, { force: true });
    },
  };
}
