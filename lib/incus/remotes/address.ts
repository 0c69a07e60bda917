// Remote addresses as users write them: `unix://` (the local socket), `unix:///path/to/unix.socket`,
// `https://host:port`, or a bare `host[:port]` (HTTPS on 8443). A comma-separated list is accepted like the
// official provider; the first entry is used.
import { resolveSocketPath } from "../../incus";

export type ParsedAddress =
  | { readonly kind: "unix"; readonly socketPath: string; readonly normalized: string }
  | { readonly kind: "https"; readonly origin: string; readonly normalized: string };

/** Splits a comma-separated address list, dropping empty entries. */
export function splitAddresses(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

/** Parses one address; throws an Error that shows the accepted forms. */
export function parseAddress(address: string, env: NodeJS.ProcessEnv = process.env): ParsedAddress {
  const forms = "use unix:// (local socket), unix:///path/to/unix.socket or https://host:8443";
  if (address.startsWith("unix:")) {
    let rest = address.slice("unix:".length);
    if (rest.startsWith("//")) rest = rest.slice(2);
    const socketPath = resolveSocketPath(rest === "" ? undefined : rest, env);
    if (!socketPath.startsWith("/")) throw new Error(`Invalid remote address ${JSON.stringify(address)}: the socket path must be absolute; ${forms}.`);
    return { kind: "unix", socketPath, normalized: `unix://${socketPath}` };
  }
  let text = address;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (!text.toLowerCase().startsWith("https://")) {
      throw new Error(`Invalid remote address ${JSON.stringify(address)}: only unix and https addresses are supported; ${forms}.`);
    }
  } else {
    text = `https://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Invalid remote address ${JSON.stringify(address)}; ${forms}.`);
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.username) {
    throw new Error(`Invalid remote address ${JSON.stringify(address)}: give only scheme, host and port; ${forms}.`);
  }
  const origin = `https://${url.hostname}:${url.port || "8443"}`;
  return { kind: "https", origin, normalized: origin };
}
