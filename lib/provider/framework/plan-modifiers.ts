// Ready-made plan modifiers. Each is a small value with a description and one method of early returns; the
// planner runs them per attribute while planning a create or an update (never a destroy).
import { ctyEqual, isUnknown } from "../cty";
import type { PlanModifier, PlanModifierRequest } from "./schema";

/** A change of this attribute on an existing object is planned as a replacement. */
export function requiresReplace(): PlanModifier {
  return requiresReplaceIf(() => true, "Changing this value replaces the object.");
}

/**
 * Like requiresReplace, but only when `condition` says so (e.g. only when the value grows, or only when another
 * attribute has some value).
 */
export function requiresReplaceIf(condition: (req: PlanModifierRequest) => boolean, description: string): PlanModifier {
  return {
    description,
    modify(req, resp) {
      if (req.state === null) return; // creating: nothing to replace
      if (ctyEqual(req.planValue, req.stateValue, req.type)) return;
      if (!condition(req)) return;
      resp.requiresReplace = true;
    },
  };
}

/**
 * Keeps the prior state's value instead of "(known after apply)" for a computed value that does not change
 * once the object exists. (The planner already keeps prior values of computed attributes the configuration
 * leaves null; this modifier also covers values a resource's own logic marked unknown.)
 */
export function useStateForUnknown(): PlanModifier {
  return {
    description: "The value does not change after creation: the prior value is kept in plans.",
    modify(req, resp) {
      if (req.state === null) return;
      if (req.stateValue === null) return;
      if (!isUnknown(req.planValue)) return;
      if (isUnknown(req.configValue)) return; // the user's own unknown value wins
      resp.planValue = req.stateValue;
    },
  };
}
