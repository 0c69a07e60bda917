// Import IDs that end in an IP address (network forwards and load balancers: `[remote:][project]/network/address`).
// An IPv6 address holds colons, which the ID grammar reads as the end of a remote name; a colon that comes after
// the first slash is part of the address, since remote names hold no slash.
import type { ImportIdSpec, ParsedImportId } from "./import-id";
import { parseImportId } from "./import-id";

export function parseAddressImportId(id: string, spec: ImportIdSpec): ParsedImportId {
  const slash = id.indexOf("/");
  const colon = id.indexOf(":");
  const remoteLess = slash >= 0 && colon > slash;
  return parseImportId(remoteLess ? `:${id}` : id, spec);
}
