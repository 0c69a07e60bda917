// data "incus_network_zone": an existing DNS zone.
import type { Schema } from "../../framework";
import { mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const networkZoneDataSourceSchema = {
  description: "Reads an existing Incus network zone.",
  attributes: {
    name: str({ required: true, description: "Name of the zone (a DNS domain)." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the zone." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the zone." }),
    config: mapOf("string", { computed: true, description: "Zone configuration." }),
  },
} satisfies Schema;

export const networkZoneDataSource: DataSource<IncusProviderData, typeof networkZoneDataSourceSchema> = {
  typeName: "incus_network_zone",
  schema: networkZoneDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "network zone", name: config.name, nameAttribute: "name", apiExtension: "network_dns" };
    const zone = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkZones.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: zone.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: zone.description ?? "",
      config: zone.config ?? {},
    };
  },
};
