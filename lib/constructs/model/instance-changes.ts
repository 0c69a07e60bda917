// What a change of an Incus instance's image or cloud-init data does (`incus: { changes }`). The choices are records
// (lib/records: image-change, cloud-init-change) that the instance carries in its config for the bundled provider.
import type { CloudInitChange, ImageChange } from "../../records";

/** How an Incus instance takes a new image or new cloud-init data. */
export interface IncusChangeOptions {
  /**
   * A new `image`: ImageChange.REBUILD gives the instance a new root disk from the new image in place (Incus's
   * rebuild: the same instance with its config, MAC and address, its attached volumes kept); ImageChange.REPLACE
   * deletes it and creates a new one.
   * @default ImageChange.REBUILD
   */
  readonly image?: ImageChange;
  /**
   * New `cloudInit` data: CloudInitChange.REBUILD rebuilds the instance in place from its image, so cloud-init runs
   * again with the new data; CloudInitChange.UPDATE only writes the new data (cloud-init runs on the first boot of a
   * root disk only, so nothing changes inside the instance).
   * @default CloudInitChange.REBUILD
   */
  readonly cloudInit?: CloudInitChange;
}
