// How every incus data source reads its object: a missing object, or a server too old to have that kind of object,
// becomes a diagnostic that names the object, its project and remote, instead of the bare REST error.
import { isNotFound } from "../../../incus";
import type { AttrPath, ResourceContext } from "../../framework";
import { DiagnosticError } from "../../framework";
import type { ScopedValues } from "../common/scope";
import { clientFor, optionalString } from "../common";
import type { IncusProviderData } from "../provider-data";

/** What a data source looks for, for its messages. */
export interface LookedUpObject {
  /** The kind of object in words, e.g. "network ACL". */
  readonly kind: string;
  /** Its name (or listen address) as configured. */
  readonly name: string;
  /** The attribute that names it: where the not-found diagnostic points. */
  readonly nameAttribute: string;
  /** Where it lives below the project, e.g. `network "br0"`. */
  readonly parent?: string;
  /** False for server-wide objects (storage pools, projects, network integrations): no project in messages. */
  readonly inProject?: boolean;
  /** The Incus API extension the object needs; checked when the read fails, to tell an old server from a typo. */
  readonly apiExtension?: string;
}

/** Runs `read`; a 404 becomes "<kind> "<name>" not found" (or the missing-extension diagnostic). */
export async function readObject<T>(
  ctx: ResourceContext<IncusProviderData>,
  config: ScopedValues,
  object: LookedUpObject,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (object.apiExtension !== undefined) await requireApiExtension(ctx, config, object.apiExtension, object.kind);
    if (!isNotFound(err)) throw err;
    const where = [
      object.parent,
      object.inProject === false ? undefined : `project ${JSON.stringify(optionalString(config.project) ?? "default")}`,
      `remote ${JSON.stringify(ctx.providerData.remoteName(optionalString(config.remote) ?? null))}`,
    ].filter((part) => part !== undefined);
    const path: AttrPath = [object.nameAttribute];
    throw new DiagnosticError(
      `${capitalized(object.kind)} ${JSON.stringify(object.name)} not found`,
      `There is no ${object.kind} ${JSON.stringify(object.name)} in ${where.join(", ")}` +
        // Incus' own words tell a missing parent ("Network not found") from a missing object.
        (err.incusMessage ? ` (Incus: ${err.incusMessage}).` : "."),
      path,
    );
  }
}

/** Fails with a diagnostic naming the extension unless the server of `config.remote` has it. */
export async function requireApiExtension(
  ctx: ResourceContext<IncusProviderData>,
  config: ScopedValues,
  extension: string,
  kind: string,
): Promise<void> {
  const server = (await clientFor(ctx, config).server.get({ signal: ctx.signal })).value;
  if (server.api_extensions.includes(extension)) return;
  const remote = ctx.providerData.remoteName(optionalString(config.remote) ?? null);
  const version = server.environment?.server_version;
  throw new DiagnosticError(
    `The Incus server does not support ${kind}s`,
    `Remote ${JSON.stringify(remote)}${version ? ` (Incus ${version})` : ""} lacks the API extension ` +
      `${JSON.stringify(extension)} that ${kind}s need; upgrade Incus on that server.`,
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
