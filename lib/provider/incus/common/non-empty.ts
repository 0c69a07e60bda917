// The official provider refuses empty strings for project, target and similar attributes (LengthAtLeast(1)).
import type { Validator } from "../../framework";
import { custom } from "../../framework";

/** A string attribute that may be left out but, when set, must not be "". */
export function nonEmpty(): Validator {
  return custom(
    (value) => (value === "" ? "must not be empty: leave the attribute out instead" : undefined),
    "not empty",
  );
}
