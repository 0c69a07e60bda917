// Delete of incus_storage_pool. A pool that still holds copies the removal policies keep (released volumes, final
// copies, volumes whose policy is not destroy, in any project) is left on the host and dropped from the state, with
// a warning naming each copy and the commands that delete them by hand. A pool that holds other objects fails with
// an error naming them instead of Incus's bare "currently in use". Cached image volumes are Incus's own business.
import type { IncusClient } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import type { ResourceContext } from "../../framework";
import { callFor, cliRemote, optionalString } from "../common";
import { keptNotice, notEmptyError, whatRemains } from "../common/what-remains";
import type { IncusProviderData } from "../provider-data";
import { forgetStoragePool } from "./pool-config";
import type { StoragePoolState } from "./pool-schema";

export async function deleteStoragePool(
  client: IncusClient,
  prior: StoragePoolState,
  ctx: ResourceContext<IncusProviderData>,
): Promise<void> {
  const name = prior.name;
  // The pool is deleted cluster-wide, not only on the member it was created on.
  const call = callFor(ctx, { ...prior, target: null });
  const found = await ignoreNotFound(client.storagePools.get(name, call));
  if (found === undefined) return;
  const remaining = await whatRemains(
    client,
    found.value.used_by ?? [],
    { signal: ctx.signal },
    (ref) => ref.volume?.type === "image",
  );
  if (remaining.kept.length > 0) {
    const { summary, detail } = keptNotice({
      kind: "Storage pool",
      name,
      cliRemote: cliRemote(ctx.providerData.remoteInfo(optionalString(prior.remote))),
      deleteCommand: "incus storage delete",
      remaining,
    });
    ctx.diagnostics.warning(summary, detail);
    return;
  }
  if (remaining.others.length > 0) {
    const advice =
      "They are not managed by this pool's resource, so they are not deleted with it: delete or move them first.";
    const { summary, detail } = notEmptyError("Storage pool", name, remaining.others, advice);
    ctx.diagnostics.error(summary, detail);
    return;
  }
  await client.storagePools.delete(name, call).finally(() => forgetStoragePool(client, name));
}
