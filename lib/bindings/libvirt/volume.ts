// libvirt_volume (0.9.x shape, subset): a volume in a pool, raw or qcow2, optionally a copy-on-write overlay of a
// backing store.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface LibvirtFormatConfig {
  /** "raw" or "qcow2". */
  readonly type: string;
}

export interface LibvirtVolumeContentConfig {
  /** A local path, a file:// URL or an https:// URL (http:// only with allowInsecureHttp). */
  readonly url: string;
  /** Expected digest, "sha256:<hex>" or "sha512:<hex>", checked before upload (an addition to the 0.9.x schema). */
  readonly checksum?: string;
  /** Largest download accepted, in bytes (an addition to the 0.9.x schema). @default the capacity, else 32 GiB */
  readonly maxBytes?: number;
  /** Allow a plain http:// URL (an addition to the 0.9.x schema). @default false */
  readonly allowInsecureHttp?: boolean;
}

export interface LibvirtVolumeConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly pool: string;
  /** Capacity in bytes. */
  readonly capacity?: number;
  readonly capacityUnit?: string;
  readonly type?: string;
  readonly target?: { readonly format?: LibvirtFormatConfig };
  readonly backingStore?: { readonly path: string; readonly format?: LibvirtFormatConfig };
  /** Initial content from a URL or local file. */
  readonly create?: { readonly content: LibvirtVolumeContentConfig };
  /**
   * What a delete does (an addition to the 0.9.x schema, carried out by the bundled provider): "destroy" (default),
   * "protect", "retain" or "snapshot".
   */
  readonly removalPolicy?: string;
  /**
   * The ownership marker "<stack>/<construct path>" (an addition to the 0.9.x schema): deleting the volume first
   * detaches it from running domains of the same stack.
   */
  readonly owner?: string;
  /** "released" or "released:<old owner>": take over a released volume of this name (an addition to the 0.9.x schema). */
  readonly adopt?: string;
}

export const LIBVIRT_VOLUME_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  capacity: "value",
  capacity_unit: "value",
  type: "value",
  target: { object: { format: { object: { type: "value" } } } },
  backing_store: { object: { path: "value", format: { object: { type: "value" } } } },
  create: { object: { content: { object: { url: "value", checksum: "value", max_bytes: "value", allow_insecure_http: "value" } } } },
  removal_policy: "value",
  owner: "value",
  adopt: "value",
};

export class LibvirtVolumeResource extends SpecResource<LibvirtVolumeConfig> {
  public static readonly tfResourceType = "libvirt_volume";

  public constructor(scope: Construct, id: string, config: LibvirtVolumeConfig) {
    super(scope, id, { type: "libvirt_volume", providerName: "libvirt", spec: LIBVIRT_VOLUME_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Path of the volume on the host (computed); overlays name it as their backing store. */
  public get path(): string {
    return this.attribute("path");
  }
}
