// Helpers shared by every libvirt_* resource: not-found rules, adopt-on-create, metadata checks, cty value
// reading, size units.
export { ignoreNotFound } from "./errors";
export { adoptOrFail, plannedMarker, refuseExisting } from "./adopt";
export { validateMetadataXml } from "./metadata";
export type { AdoptCheck } from "./adopt";
export { knownList, knownObject, knownString, secondsToMs, wholeNumber } from "./values";
export { fromBytes, SIZE_UNITS, toBytes } from "./units";
export { clientOf } from "./client";
export { checkMac, checkName, checkSize, checkWholeNumber } from "./checks";
