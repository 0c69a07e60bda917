// Objects only newer Incus servers know (network address sets after the 6.0 LTS, zones, buckets, integrations...):
// without the API extension incusd answers a bare 404 or 400 for the whole endpoint. The provider checks the
// server's extensions instead and names the extension and what needs it: at plan time when the server can be asked
// then, else before the first change.
import type { IncusClient, Server } from "../../../incus";
import type {
  AttrPath,
  ModifyPlanRequest,
  ModifyPlanResponse,
  Resource,
  ResourceContext,
  Schema,
} from "../../framework";
import { DiagnosticError, isUnknown } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { clientFor } from "./scope";
import type { ScopedValues } from "./scope";

type Ctx = ResourceContext<IncusProviderData>;

/** One GET /1.0 per client: extensions do not change while a provider process runs. */
const servers = new WeakMap<IncusClient, Promise<Server>>();

export function serverOf(client: IncusClient, signal?: AbortSignal): Promise<Server> {
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
  const have = new Set((await serverOf(client, signal)).api_extensions ?? []);
  return required.filter((e) => !have.has(e));
}

/** The error for a server that lacks `missing`; `subject` is what needs them (a resource type, a lookup). */
export function missingExtensionError(
  subject: string,
  missing: readonly string[],
  server: { readonly version?: string; readonly endpoint?: string },
  path?: AttrPath,
): DiagnosticError {
  const list = missing.map((e) => JSON.stringify(e)).join(", ");
  const plural = missing.length > 1 ? "s" : "";
  return new DiagnosticError(
    `${subject} needs the Incus API extension${plural} ${list}`,
    `The Incus server${server.endpoint ? ` at ${server.endpoint}` : ""} (Incus ${server.version ?? "unknown"}) ` +
      "does not have the API " +
      `extension${plural} ${list}. Nothing was changed. Upgrade Incus on that server (docs/incus-resources.md and ` +
      "docs/incus-network-resources.md say which release has it), or remove it from the configuration.",
    path,
  );
}

/** Throws a DiagnosticError naming `subject` and the missing extensions (before any change). */
export async function requireApiExtensions(
  client: IncusClient,
  subject: string,
  required: readonly string[],
  options: { readonly signal?: AbortSignal; readonly path?: AttrPath } = {},
): Promise<void> {
  const missing = await missingApiExtensions(client, required, options.signal);
  if (missing.length === 0) return;
  const server = await serverOf(client, options.signal);
  throw missingExtensionError(
    subject,
    missing,
    { version: server.environment?.server_version, endpoint: client.endpoint },
    options.path,
  );
}

/**
 * The same check at plan time, reported as a diagnostic. A remote that cannot be asked now (unknown yet,
 * unreachable, not configured) is left to the apply, which checks again before changing anything.
 */
export async function checkApiExtensionsAtPlan(
  ctx: Ctx,
  values: ScopedValues,
  subject: string,
  required: readonly string[],
  options: { readonly path?: AttrPath } = {},
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
    await requireApiExtensions(client, subject, required, { signal: ctx.signal, ...options });
  } catch (err) {
    if (!(err instanceof DiagnosticError)) throw err;
    ctx.diagnostics.error(err.summary, err.detail, err.path);
  }
}

/**
 * The resource, refusing to plan, create, update or import on a server without `extension`. Reads and deletes
 * are left as they are: they only run for objects that exist, so on servers that have it.
 */
export function requiringApiExtension<S extends Schema>(
  extension: string,
  resource: Resource<IncusProviderData, S>,
): Resource<IncusProviderData, S> {
  const typeName = resource.typeName;
  const ownPlan = resource.modifyPlan?.bind(resource);
  const ensure = (values: ScopedValues, ctx: Ctx): Promise<void> =>
    requireApiExtensions(clientFor(ctx, values), typeName, [extension], { signal: ctx.signal });
  return {
    ...resource,
    async modifyPlan(req: ModifyPlanRequest<S>, ctx: Ctx): Promise<ModifyPlanResponse<S>> {
      const planned = req.planned as ScopedValues | null;
      if (planned) await checkApiExtensionsAtPlan(ctx, planned, typeName, [extension]);
      return ownPlan ? ownPlan(req, ctx) : { planned: req.planned };
    },
    async create(req, ctx, resp) {
      await ensure(req.planned as ScopedValues, ctx);
      return resource.create(req, ctx, resp);
    },
    async update(req, ctx, resp) {
      await ensure(req.planned as ScopedValues, ctx);
      return resource.update(req, ctx, resp);
    },
    ...(resource.importState
      ? {
          async importState(id: string, ctx: Ctx) {
            const partial = await resource.importState!(id, ctx);
            const first = (Array.isArray(partial) ? partial[0] : partial) as ScopedValues | undefined;
            if (first) await ensure(first, ctx);
            return partial;
          },
        }
      : {}),
  };
}
