// Helpers shared by every libvirt_* resource: not-found rules, adopt-on-create, cty value reading, size units.
export { errorMessage, ignoreNotFound } from "./errors";
export { adoptOrFail, plannedMarker, refuseExisting } from "./adopt";
export type { AdoptCheck } from "./adopt";
export { knownList, knownObject, knownString, secondsToMs, wholeNumber } from "./values";
export { fromBytes, SIZE_UNITS, toBytes, unitMultiplier } from "./units";
export { clientOf } from "./client";
