// The incus_network_address_set schema (lxc/incus v1.1.1 compatible). The name is updatable: a new name renames
// the set in place (Incus renames address sets with POST), so ACL rules that refer to it keep working.
import type { ApplyModel, Schema, StateModel, Validator } from "../../framework";
import { lengthBetween, listOf, mapOf, requiresReplace, str } from "../../framework";
import { configValueChecks, objectName } from "../common";

/** Every address is a non-empty string (the official provider's ValueStringsAre(LengthAtLeast(1))). */
const nonEmptyAddresses: Validator = {
  description: "every address is non-empty",
  validate(req, diags) {
    if (!Array.isArray(req.value)) return;
    req.value.forEach((address, i) => {
      if (address === "")
        diags.error("Invalid value", "An address cannot be empty: give an IP address, range or subnet.", [
          ...req.path,
          i,
        ]);
    });
  },
};

export const networkAddressSetSchema = {
  description: "An Incus network address set: a named list of addresses that ACL rules refer to as $name.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the address set; a new name renames it in place.",
      validators: [objectName("network address set")],
    }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the address set.",
    }),
    addresses: listOf("string", {
      required: true,
      description: "IP addresses, ranges or subnets in the set.",
      validators: [nonEmptyAddresses],
    }),
    project: str({
      optional: true,
      description: "Project of the address set.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the address set on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Address set configuration (user.* keys).",
      validators: [configValueChecks()],
    }),
  },
} satisfies Schema;

/** An incus_network_address_set as state holds it. */
export type NetworkAddressSetState = StateModel<typeof networkAddressSetSchema>;
/** An incus_network_address_set as create and update get it. */
export type NetworkAddressSetPlan = ApplyModel<typeof networkAddressSetSchema>;
