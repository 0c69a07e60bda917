// Plan-time check for attributes that hold one IP address (a forward's or load balancer's listen address).
import { isIP } from "node:net";
import type { Validator } from "../../framework";
import { custom } from "../../framework";

export const ipAddress: Validator = custom((value) => {
  const v = String(value);
  if (isIP(v) !== 0) return undefined;
  return `${JSON.stringify(v)} is not an IP address: give one IPv4 or IPv6 address, without a prefix length or port.`;
}, "an IPv4 or IPv6 address");
