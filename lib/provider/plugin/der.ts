// A tiny DER (ASN.1 Distinguished Encoding Rules) writer: just the types an X.509 certificate needs. Written by
// hand because general X.509 libraries cost 150-250 ms of start-up, and the provider starts 3-5 times a command.

/** Tag + definite length + contents. */
export function tlv(tag: number, contents: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(contents.length), contents]);
}

/** Short form below 128, else 0x80|n followed by n big-endian length bytes. */
export function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function sequence(...items: Uint8Array[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

export function set(...items: Uint8Array[]): Buffer {
  return tlv(0x31, Buffer.concat(items));
}

/**
 * INTEGER from big-endian magnitude bytes of a non-negative number, in minimal two's complement form:
 * redundant leading zero bytes are dropped, and one 0x00 is added back when the first byte has its high bit
 * set (otherwise the value would read as negative). Getting this wrong fails about 1 start in 256.
 */
export function unsignedInteger(magnitude: Uint8Array): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  let body = Buffer.from(magnitude.subarray(start));
  if (body.length === 0) body = Buffer.from([0]);
  if (body[0] & 0x80) body = Buffer.concat([Buffer.from([0]), body]);
  return tlv(0x02, body);
}

export function smallInteger(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`DER smallInteger: ${value} is not an integer in [0, 2^32)`);
  }
  const bytes: number[] = [];
  for (let n = value; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return unsignedInteger(Uint8Array.from(bytes.length ? bytes : [0]));
}

export function boolean(value: boolean): Buffer {
  return tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
}

/** OBJECT IDENTIFIER from dotted text ("1.2.840.10045.2.1"). */
export function oid(dotted: string): Buffer {
  const arcs = dotted.split(".").map((a) => Number(a));
  if (arcs.length < 2 || arcs.some((a) => !Number.isInteger(a) || a < 0)) {
    throw new Error(`DER oid: invalid object identifier ${JSON.stringify(dotted)}`);
  }
  const out: number[] = [arcs[0] * 40 + arcs[1]];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

export function utf8String(text: string): Buffer {
  return tlv(0x0c, Buffer.from(text, "utf8"));
}

export function octetString(bytes: Uint8Array): Buffer {
  return tlv(0x04, bytes);
}

/** BIT STRING with a whole number of bytes (unused-bits count 0), e.g. a signature. */
export function bitString(bytes: Uint8Array, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));
}

/** UTCTime (years 1950-2049) or GeneralizedTime, to whole seconds, always in Zulu time. */
export function time(date: Date): Buffer {
  const y = date.getUTCFullYear();
  const pad = (n: number) => String(n).padStart(2, "0");
  const rest =
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds()) +
    "Z";
  if (y >= 1950 && y < 2050) return tlv(0x17, Buffer.from(pad(y % 100) + rest, "ascii"));
  return tlv(0x18, Buffer.from(String(y).padStart(4, "0") + rest, "ascii"));
}

/** Context-specific constructed tag [n] EXPLICIT wrapping already-encoded content. */
export function explicit(tagNumber: number, ...contents: Uint8Array[]): Buffer {
  return tlv(0xa0 | tagNumber, Buffer.concat(contents));
}

/** Context-specific primitive tag [n] IMPLICIT (e.g. a GeneralName dNSName is [2]). */
export function implicitPrimitive(tagNumber: number, contents: Uint8Array): Buffer {
  return tlv(0x80 | tagNumber, contents);
}
