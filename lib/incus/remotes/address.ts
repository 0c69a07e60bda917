// Remote addresses as users write them: `unix://` (the local socket), `unix:///path/to/unix.socket`,
// `https://host:port`, or a bare `host[:port]` (HTTPS on 8443). A comma-separated list is accepted like the
// incus CLI's config.yml and the official Terraform provider; callers use the first entry.
import { IncusError } from "../errors";
import { resolveSocketPath } from "./remote";

export type ParsedAddress =
  | { readonly kind: "unix"; readonly socketPath: string; readonly normalized: string }
  | { readonly kind: "https"; readonly origin: string; readonly normalized: string };

const FORMS = "use unix:// (local socket), unix:///path/to/unix.socket or https://host:8443";

function invalid(address: string, why: string): IncusError {
  return new IncusError("INVALID_OPTIONS", `Invalid remote address ${JSON.stringify(address)}${why}; ${FORMS}.`);
}

/** Splits a comma-separated address list, dropping empty entries. */
export function splitAddresses(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

/** Parses one address; throws IncusError INVALID_OPTIONS that shows the accepted forms. */
export function parseAddress(address: string, env: NodeJS.ProcessEnv = process.env): ParsedAddress {
  if (address.startsWith("unix:")) {
    let rest = address.slice("unix:".length);
    if (rest.startsWith("//")) rest = rest.slice(2);
    const socketPath = resolveSocketPath(rest === "" ? undefined : rest, env);
    if (!socketPath.startsWith("/")) throw invalid(address, ": the socket path must be absolute");
    return { kind: "unix", socketPath, normalized: `unix://${socketPath}` };
  }
  let text = address;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (!text.toLowerCase().startsWith("https://"))
      throw invalid(address, ": only unix and https addresses are supported");
  } else {
    text = `https://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(address, "");
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.username) {
    throw invalid(address, ": give only scheme, host and port");
  }
  const origin = `https://${url.hostname}:${url.port || "8443"}`;
  return { kind: "https", origin, normalized: origin };
}

/** True when the address (the first of a list) is a valid HTTPS address. */
export function isHttpsAddress(addresses: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const first = splitAddresses(addresses)[0];
  if (first === undefined) return false;
  try {
    return parseAddress(first, env).kind === "https";
  } catch {
    return false;
  }
}
