// The resources addressed by a network and a listen address (incus_network_forward, incus_network_lb): both
// attributes replace the object when changed, the rest (description, config and the kind's port lists) is
// replaced as a whole with a PUT, the network's driver is checked at plan time, Incus's refusal because of the
// network is reported at `network`, and the import ID is `[<remote>:][<project>/]<network>/<listen address>`.
// Each kind supplies its endpoint, its request body and its state.
import type { CallOptions, IncusClient, UpdateOptions, Versioned } from "../../../incus";
import type { ResourceContext } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { parseAddressImportId } from "./address-import-id";
import { ignoreNotFound } from "./errors";
import type { ManagedObjectBody, ManagedObjectLifecycle, ManagedValues } from "./managed-object";
import { managedObjectLifecycle } from "./managed-object";
import type { NetworkScopedPlan } from "./network-driver-refusal";
import { checkNetworkTypeAtPlan, reportDriverRefusal } from "./network-driver-refusal";
import { callFor } from "./scope";
import { configMap } from "./config";

type Ctx = ResourceContext<IncusProviderData>;

/** What the shared code reads of a plan or state. */
export interface ListenAddressValues extends ManagedValues {
  readonly network: string;
  readonly listen_address: string;
}

/** The calls of a network child keyed by its listen address (lib/incus/network-children.ts). */
export interface ListenAddressEndpoint<TObject, TPut> {
  get(network: string, listenAddress: string, call?: CallOptions): Promise<Versioned<TObject>>;
  create(network: string, body: TPut & { readonly listen_address: string }, call?: CallOptions): Promise<void>;
  update(network: string, listenAddress: string, body: TPut, options?: UpdateOptions): Promise<void>;
  delete(network: string, listenAddress: string, call?: CallOptions): Promise<void>;
}

export interface ListenAddressKind<
  Plan extends ListenAddressValues,
  State extends Plan,
  TObject extends ManagedObjectBody,
  TPut,
> {
  /** Resource type, e.g. "incus_network_forward". */
  readonly typeName: string;
  /** The network types Incus supports this object on. */
  readonly networkTypes: readonly string[];
  /** What the diagnostic says the object needs, e.g. "Forwards need a bridge or OVN network." */
  readonly needs: string;
  readonly endpoint: (client: IncusClient) => ListenAddressEndpoint<TObject, TPut>;
  /** The modifiable fields as the PUT (and, with the listen address, the POST) takes them. */
  readonly body: (planned: Plan) => TPut;
  /** The object as state, from what Incus returned and the plan or prior state. */
  readonly state: (live: TObject, known: Plan) => State;
}

/** The resource methods of a kind: plan-time driver check, create/read/update/delete and import. */
export interface ListenAddressResource<Plan, State> extends ManagedObjectLifecycle<Plan, State> {
  modifyPlan<Req extends { readonly planned: NetworkScopedPlan | null; readonly prior: NetworkScopedPlan | null }>(
    req: Req,
    ctx: Ctx,
  ): Promise<{ planned: Req["planned"] }>;
  importState(id: string): Promise<Record<string, string | null>>;
}

export function listenAddressResource<
  Plan extends ListenAddressValues,
  State extends Plan,
  TObject extends ManagedObjectBody,
  TPut,
>(kind: ListenAddressKind<Plan, State, TObject, TPut>): ListenAddressResource<Plan, State> {
  const readBack = async (client: IncusClient, known: Plan, ctx: Ctx): Promise<State | null> => {
    const found = await ignoreNotFound(
      kind.endpoint(client).get(known.network, known.listen_address, callFor(ctx, known)),
    );
    return found ? kind.state(found.value, known) : null;
  };
  return {
    async modifyPlan(req, ctx) {
      await checkNetworkTypeAtPlan(req.planned, req.prior, kind.typeName, kind.networkTypes, kind.needs, ctx);
      return { planned: req.planned };
    },

    ...managedObjectLifecycle<Plan, State>({
      kind: kind.typeName,
      importIdFields: (planned) => [planned.network, planned.listen_address],
      createObject: (client, planned, ctx) =>
        reportDriverRefusal(kind.typeName, planned.network, kind.needs, () =>
          kind
            .endpoint(client)
            .create(
              planned.network,
              { listen_address: planned.listen_address, ...kind.body(planned) },
              callFor(ctx, planned),
            ),
        ),
      getObject: (client, planned, ctx) =>
        kind.endpoint(client).get(planned.network, planned.listen_address, callFor(ctx, planned)),
      deleteObject: (client, prior, ctx) =>
        kind.endpoint(client).delete(prior.network, prior.listen_address, callFor(ctx, prior)),
      async converge(client, planned, ctx) {
        const call = callFor(ctx, planned);
        const endpoint = kind.endpoint(client);
        const current = await endpoint.get(planned.network, planned.listen_address, call);
        await endpoint.update(planned.network, planned.listen_address, kind.body(planned), {
          ...call,
          etag: current.etag,
        });
      },
      readBack,
      provisionalFills: (planned) => ({ config: configMap(planned.config) }) as Partial<State>,
    }),

    async importState(id) {
      const parsed = parseAddressImportId(id, { fields: ["network", "listen_address"], typeName: kind.typeName });
      return {
        network: parsed.fields.network,
        listen_address: parsed.fields.listen_address,
        remote: parsed.remote,
        project: parsed.project,
      };
    },
  };
}
