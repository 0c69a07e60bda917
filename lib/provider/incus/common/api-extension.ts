// Resources that need an Incus API extension the server may lack (e.g. network address sets, which came after
// the 6.0 LTS). Without it Incus answers "404 not found" for the whole endpoint; the provider says instead which
// extension and which resource, at plan time when the server can be asked then, else before the first change.
import type { IncusClient, Server } from "../../../incus";
import type { ModifyPlanRequest, ModifyPlanResponse, Resource, ResourceContext, Schema } from "../../framework";
import { DiagnosticError, isUnknown } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import type { ScopedValues } from "./scope";
import { clientFor } from "./scope";

type Ctx = ResourceContext<IncusProviderData>;

/** Server descriptions already read, per client: one GET /1.0 per remote and run, however many resources. */
const servers = new WeakMap<IncusClient, Server>();

async function serverOf(client: IncusClient, signal: AbortSignal): Promise<Server> {
  const known = servers.get(client);
  if (known) return known;
  const server = (await client.server.get({ signal })).value;
  servers.set(client, server);
  return server;
}

/** The summary and detail of the diagnostic for a server without `extension`. */
export function missingExtensionMessage(
  typeName: string,
  extension: string,
  server: Pick<Server, "environment">,
): { summary: string; detail: string } {
  const version = server.environment?.server_version;
  return {
    summary: `${typeName} needs the Incus API extension "${extension}"`,
    detail:
      `The Incus server${version ? ` (version ${version})` : ""} does not have the API extension ` +
      `"${extension}", which ${typeName} needs. Nothing was changed. Upgrade Incus to a release that ` +
      "has it (docs/incus-network-resources.md lists which), or remove the resource.",
  };
}

/** Throws a DiagnosticError naming the resource and the extension when the server lacks it. */
export async function requireApiExtension(
  client: IncusClient,
  typeName: string,
  extension: string,
  signal: AbortSignal,
): Promise<void> {
  const server = await serverOf(client, signal);
  if (server.api_extensions.includes(extension)) return;
  const { summary, detail } = missingExtensionMessage(typeName, extension, server);
  throw new DiagnosticError(summary, detail);
}

/**
 * Reports a missing extension as a plan error. A server that cannot be asked now (remote or project unknown,
 * unknown remote name, unreachable) is left alone: the apply checks again before changing anything.
 */
async function checkAtPlan(planned: ScopedValues | null, typeName: string, extension: string, ctx: Ctx): Promise<void> {
  if (!planned || !ctx.providerData || isUnknown(planned.remote)) return;
  let server: Server;
  try {
    server = await serverOf(clientFor(ctx, planned), ctx.signal);
  } catch {
    return;
  }
  if (server.api_extensions.includes(extension)) return;
  const { summary, detail } = missingExtensionMessage(typeName, extension, server);
  ctx.diagnostics.error(summary, detail);
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
    requireApiExtension(clientFor(ctx, values), typeName, extension, ctx.signal);
  return {
    ...resource,
    async modifyPlan(req: ModifyPlanRequest<S>, ctx: Ctx): Promise<ModifyPlanResponse<S>> {
      await checkAtPlan(req.planned as ScopedValues | null, typeName, extension, ctx);
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
