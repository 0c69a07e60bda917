// The port values forwards and load balancers share: what the constructs' listenPort/targetPort take, and the
// protocol as generated code.
import { Code } from "./source-text";
import type { Value } from "./source-text";

/** A single port or a "from-to" range: what the constructs' listenPort and targetPort take. */
export const PORT_OR_RANGE = /^[0-9]+(-[0-9]+)?$/;

/** A port as the generated code writes it: a number, or the range text. */
export function portValue(text: string): Value {
  return /^[1-9][0-9]*$/.test(text) ? Number(text) : text;
}

/** The construct's protocol for Incus's `protocol` ("udp" → ForwardProtocol.UDP; tcp is the default, left out). */
export function protocolValue(protocol: string | undefined): Value {
  return protocol === "udp" ? new Code("ForwardProtocol.UDP", "ForwardProtocol") : undefined;
}
