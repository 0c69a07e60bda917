// data "incus_network_address_set": an existing network address set (servers with the network_address_set API
// extension).
import type { Schema } from "../../framework";
import { listOf, mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const networkAddressSetDataSourceSchema = {
  description: "Reads an existing Incus network address set.",
  attributes: {
    name: str({ required: true, description: "Name of the address set." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the address set." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the address set." }),
    config: mapOf("string", { computed: true, description: "Address set configuration." }),
    addresses: listOf("string", { optional: true, computed: true, description: "Addresses and CIDR ranges." }),
  },
} satisfies Schema;

export const networkAddressSetDataSource: DataSource<IncusProviderData, typeof networkAddressSetDataSourceSchema> = {
  typeName: "incus_network_address_set",
  schema: networkAddressSetDataSourceSchema,
  async read(config, ctx) {
    const found = {
      kind: "network address set",
      name: config.name,
      nameAttribute: "name",
      apiExtension: "network_address_set",
    };
    const set = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkAddressSets.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: set.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: set.description ?? "",
      config: set.config ?? {},
      addresses: set.addresses ?? [],
    };
  },
};
