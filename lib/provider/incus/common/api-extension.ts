// Resources whose objects only newer Incus servers know (network zones, cluster groups, buckets, network
// integrations): the server's API extensions are checked before the first call, so a server without one gets a
// diagnostic naming the extension and the resource instead of the bare 404 or 400 incusd answers.
import type { IncusClient, Server } from "../../../incus";
import type { AttrPath, ResourceContext } from "../../framework";
import { DiagnosticError, isUnknown } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { clientFor } from "./scope";
import type { ScopedValues } from "./scope";

/** One GET /1.0 per client: extensions do not change while a provider process runs. */
const servers = new WeakMap<IncusClient, Promise<Server>>();

function serverOf(client: IncusClient, signal?: AbortSignal): Promise<Server> {
  let found = servers.get(client);
  if (!found) {
    found = client.server.get({ signal }).then((s) => s.value);
    // A failed read is not remembered: the next call asks again.
    found.catch(() => servers.delete(client));
    servers.set(client, found);
  }
  return found;
}

/** The extensions of `required` that the server does not list. */
export async function missingApiExtensions(
  client: IncusClient,
  required: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const server = await serverOf(client, signal);
  const have = new Set(server.api_extensions ?? []);
  return required.filter((e) => !have.has(e));
}

/** The error for a server that lacks `missing`. */
export function missingExtensionError(
  resourceType: string,
  missing: readonly string[],
  server: { readonly version?: string; readonly endpoint: string },
  path?: AttrPath,
  what = resourceType,
): DiagnosticError {
  const list = missing.map((e) => JSON.stringify(e)).join(", ");
  return new DiagnosticError(
    `${resourceType}: the Incus server lacks the API extension ${list}`,
    `${what} needs the Incus API extension${missing.length > 1 ? "s" : ""} ${list}, which the server at ` +
      `${server.endpoint} (Incus ${server.version ?? "unknown"}) does not provide. Nothing was changed. ` +
      "Upgrade Incus on that server, or remove the resource from the configuration.",
    path,
  );
}

/** Throws a DiagnosticError naming the resource and the missing extensions (for create, before any call). */
export async function requireApiExtensions(
  client: IncusClient,
  resourceType: string,
  required: readonly string[],
  options: { readonly signal?: AbortSignal; readonly path?: AttrPath; readonly what?: string } = {},
): Promise<void> {
  const missing = await missingApiExtensions(client, required, options.signal);
  if (missing.length === 0) return;
  const server = await serverOf(client, options.signal);
  throw missingExtensionError(
    resourceType,
    missing,
    { version: server.environment?.server_version, endpoint: client.endpoint },
    options.path,
    options.what,
  );
}

/**
 * The same check at plan time, reported as a diagnostic. A remote that cannot be asked now (unknown yet,
 * unreachable, not configured) is left to the apply, which reports it there.
 */
export async function checkApiExtensionsAtPlan(
  ctx: ResourceContext<IncusProviderData>,
  values: ScopedValues,
  resourceType: string,
  required: readonly string[],
  options: { readonly path?: AttrPath; readonly what?: string } = {},
): Promise<void> {
  if (!ctx.providerData || isUnknown(values.remote)) return;
  let client: IncusClient;
  try {
    client = clientFor(ctx, values);
    await serverOf(client, ctx.signal);
  } catch {
    return;
  }
  try {
    await requireApiExtensions(client, resourceType, required, { signal: ctx.signal, ...options });
  } catch (err) {
    if (!(err instanceof DiagnosticError)) return;
    ctx.diagnostics.error(err.summary, err.detail, err.path);
  }
}
