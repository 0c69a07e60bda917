// The records of `incus: { changes }` in an Incus instance's config: what a change of its image or cloud-init data
// does. The bundled provider reads them (lib/provider/incus/instance/rebuild-plan.ts); the official provider
// ignores them, so on its hosts nothing is recorded by default and asking for a rebuild is an error.
import type { IConstruct } from "constructs";
import {
  CLOUD_INIT_CHANGE_CONFIG_KEY,
  CloudInitChange,
  encodeCloudInitChange,
  encodeImageChange,
  IMAGE_CHANGE_CONFIG_KEY,
  ImageChange,
} from "../../records";
import { fail } from "./errors";

const KIND = "Instance";

/** The config keys the records are written under (a user's `config` may not set them). */
export const CHANGE_RECORD_KEYS: readonly string[] = [IMAGE_CHANGE_CONFIG_KEY, CLOUD_INIT_CHANGE_CONFIG_KEY];

/** What `incus: { changes }` asks for (IncusChangeOptions). */
interface Changes {
  readonly image?: ImageChange;
  readonly cloudInit?: CloudInitChange;
}

/**
 * The records for `changes`, checked. `official`: the host runs the official provider; `requireBundled` reports that
 * a choice needs the bundled one.
 */
export function incusChangeRecords(
  scope: IConstruct,
  changes: Changes | undefined,
  official: boolean,
  requireBundled: (what: string, why: string) => void,
): { [key: string]: string } {
  const image = changes?.image;
  const cloudInit = changes?.cloudInit;
  if (image !== undefined && !Object.values(ImageChange).includes(image))
    fail(scope, KIND, "changes", `image: "${String(image)}" is not an ImageChange; use REBUILD or REPLACE`);
  if (cloudInit !== undefined && !Object.values(CloudInitChange).includes(cloudInit))
    fail(scope, KIND, "changes", `cloudInit: "${String(cloudInit)}" is not a CloudInitChange; use REBUILD or UPDATE`);
  if (official) {
    const asked =
      image === ImageChange.REBUILD ? "image" : cloudInit === CloudInitChange.REBUILD ? "cloudInit" : undefined;
    if (asked !== undefined)
      requireBundled(
        `changes.${asked} = REBUILD (a rebuild in place)`,
        "ignores the config key that asks for it and replaces (image) or only updates (cloud-init) the instance",
      );
    return {};
  }
  return {
    [IMAGE_CHANGE_CONFIG_KEY]: encodeImageChange(image ?? ImageChange.REBUILD),
    [CLOUD_INIT_CHANGE_CONFIG_KEY]: encodeCloudInitChange(cloudInit ?? CloudInitChange.REBUILD),
  };
}
