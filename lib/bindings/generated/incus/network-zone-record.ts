// Generated from the incus_network_zone_record schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A record in an Incus network zone. */
export interface IncusNetworkZoneRecordConfig extends TerraformMetaArguments {
  /** Name of the record (relative to the zone, e.g. www). */
  readonly name: string;
  /** Name of the zone. */
  readonly zone: string;
  /**
   * Description of the record.
   * @default ""
   */
  readonly description?: string;
  /** Project of the zone. */
  readonly project?: string;
  /** The remote the zone is on. */
  readonly remote?: string;
  /** Record configuration (user.*). */
  readonly config?: { readonly [key: string]: string };
  /** Network zone record entry */
  readonly entry?: IncusNetworkZoneRecordEntryConfig[];
}

/** Network zone record entry */
export interface IncusNetworkZoneRecordEntryConfig {
  /** Record entry type */
  readonly type: string;
  /** Record entry value */
  readonly value: string;
  /**
   * Record entry TTL
   * @default 300
   */
  readonly ttl?: number;
}

export const INCUS_NETWORK_ZONE_RECORD_SPEC: AttributeSpec = {
  name: "value",
  zone: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  entry: { list: {
    type: "value",
    value: "value",
    ttl: "value",
  } },
};

/** A record in an Incus network zone. */
export class IncusNetworkZoneRecordResource extends SpecResource<IncusNetworkZoneRecordConfig> {
  public static readonly tfResourceType = "incus_network_zone_record";

  public constructor(scope: Construct, id: string, config: IncusNetworkZoneRecordConfig) {
    super(
      scope,
      id,
      { type: "incus_network_zone_record", providerName: "incus", spec: INCUS_NETWORK_ZONE_RECORD_SPEC },
      config,
    );
  }

  /** Name of the record (relative to the zone, e.g. www). */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Name of the zone. */
  public get zoneRef(): string {
    return this.attribute("zone");
  }

  /** Description of the record. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the zone. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote the zone is on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
