// `project = ""` or `target = ""` would silently mean the default project or any member; the official provider
// refuses an empty value at plan time, and so do the data sources here.
import type { Validator } from "../../framework";
import { custom } from "../../framework";

export const notEmpty: Validator = custom(
  (value) => (value === "" ? "The value must not be empty; leave the argument out to use the default." : undefined),
  "must not be empty",
);
