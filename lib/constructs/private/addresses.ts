// IP addresses, subnets and ports as the network constructs check them (without node:net: constructs never load
// the networking modules, docs/architecture.md).

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

export function isIpv6(text: string): boolean {
  if (!text.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  try {
    // The URL parser implements the full IPv6 grammar (compression, embedded IPv4).
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** An address, a CIDR subnet or a "first-last" range of one family. */
export function isAddressMatch(text: string): boolean {
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (cidr) {
    const prefix = Number(cidr[2]);
    return (isIpv4(cidr[1]) && prefix <= 32) || (isIpv6(cidr[1]) && prefix <= 128);
  }
  const range = text.split("-");
  if (range.length === 2) {
    return (isIpv4(range[0]) && isIpv4(range[1])) || (isIpv6(range[0]) && isIpv6(range[1]));
  }
  return isIpAddress(text);
}

/** A port or "from-to" range: [from, to], or undefined when it is neither. */
export function portRange(port: number | string): [number, number] | undefined {
  const text = String(port);
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (from < 1 || to > 65535 || from > to) return undefined;
  return [from, to];
}
