// NetworkZone: a DNS zone the Incus server serves, with typed records (NetworkZoneRecord, or `zone.addRecord`).
// Networks publish their instances' names in it through their `dns.zone.*` config. The host builds it
// (private/network-zone-resource.ts); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { IHost } from "./model/host";
import type { INetworkZone, NetworkZoneProps, ZoneRecordProps } from "./model/network-zone-props";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";
import { claimName } from "./private/name-registry";

export interface NetworkZoneRecordProps<H extends IHost = IHost> extends ZoneRecordProps {
  /** The zone the record is in. */
  readonly zone: INetworkZone<H>;
}

/** A record of a zone: a name relative to the zone and its entries. */
export class NetworkZoneRecord<H extends IHost = IHost> extends Construct {
  public readonly zone: INetworkZone<H>;
  public readonly recordName: string;

  public constructor(scope: Construct, id: string, props: NetworkZoneRecordProps<H>) {
    super(scope, id);
    const kind = "NetworkZoneRecord";
    if (props.zone?.host === undefined) fail(this, kind, "zone", "a NetworkZoneRecord needs a NetworkZone");
    const backend = backendOf(this, kind, props.zone.host);
    this.zone = props.zone;
    this.recordName = props.name;
    claimName(this, kind, [props.zone.host.node.path, props.zone.node.path], props.name);
    backend.networkZoneRecord(this, {
      zoneName: props.zone.zoneName,
      name: props.name,
      entries: props.entries,
      description: props.description,
    });
  }
}

export class NetworkZone<H extends IHost = IHost> extends Construct implements INetworkZone<H> {
  /** A zone that exists already and is not managed by this stack (records can be added to it). */
  public static fromName<H extends IHost>(scope: Construct, id: string, host: H, zoneName: string): INetworkZone<H> {
    class ImportedZone extends Construct implements INetworkZone<H> {
      public readonly host = host;
      public readonly zoneName = zoneName;
    }
    return new ImportedZone(scope, id);
  }

  public readonly host: H;
  public readonly zoneName: string;

  public constructor(scope: Construct, id: string, props: NetworkZoneProps<H>) {
    super(scope, id);
    const kind = "NetworkZone";
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    if (typeof props.zoneName === "string") claimName(this, kind, [this.host.node.path], props.zoneName);
    this.zoneName = backend.networkZone(this, {
      zoneName: props.zoneName,
      description: props.description,
      nameservers: props.nameservers,
    });
    for (const record of props.records ?? []) this.addRecord(record);
  }

  /** Adds a record; its construct id is `Record-<name>`. */
  public addRecord(record: ZoneRecordProps): NetworkZoneRecord<H> {
    return new NetworkZoneRecord<H>(this, `Record-${record.name}`, { ...record, zone: this });
  }
}
