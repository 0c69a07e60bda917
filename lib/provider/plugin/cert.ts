// Self-signed P-256 certificates, in two shapes. "plugin" (the default): the provider's TLS identity for go-plugin's
// automatic mTLS, fresh per process, CN and SAN "localhost" (the name Terraform verifies), CA:true (Terraform uses it
// as its own trust root, as go-plugin's generated certificates are), usable for server and client auth. "client": a
// long-lived Incus client identity, an end-entity certificate (CA:false, digitalSignature, clientAuth only) like the
// one `incus remote add` makes, so a stolen client key can never sign certificates anyone would accept.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import * as der from "./der";

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extKeyUsage: "2.5.29.37",
  subjectAltName: "2.5.29.17",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
};

export interface SelfSignedCert {
  /** The certificate in DER form (what the handshake line carries, base64 without padding). */
  readonly certDer: Buffer;
  readonly certPem: string;
  /** PKCS#8 private key, PEM. */
  readonly keyPem: string;
}

export interface CertOptions {
  /** Serial number bytes (big-endian magnitude); random 16 bytes by default. Exposed for tests. */
  serial?: Uint8Array;
  notBefore?: Date;
  notAfter?: Date;
  /** @default "plugin" */
  usage?: "plugin" | "client";
  /** Subject and issuer common name. @default "localhost" */
  commonName?: string;
}

export function generateSelfSignedCert(opts: CertOptions = {}): SelfSignedCert {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const now = Date.now();
  // Back-date a little for clock differences; a provider process never lives for a month.
  const notBefore = opts.notBefore ?? new Date(now - 60_000);
  const notAfter = opts.notAfter ?? new Date(now + 30 * 24 * 3600_000);
  const serial = opts.serial ?? positiveSerial();
  const name = der.sequence(
    der.set(der.sequence(der.oid(OID.organization), der.utf8String("cdktf-virt"))),
    der.set(der.sequence(der.oid(OID.commonName), der.utf8String(opts.commonName ?? "localhost"))),
  );
  const signatureAlgorithm = der.sequence(der.oid(OID.ecdsaWithSha256));
  const tbs = der.sequence(
    der.explicit(0, der.smallInteger(2)), // X.509 v3
    der.unsignedInteger(serial),
    signatureAlgorithm,
    name,
    der.sequence(der.time(notBefore), der.time(notAfter)),
    name,
    spki,
    der.explicit(3, der.sequence(...(opts.usage === "client" ? clientExtensions() : extensions()))),
  );
  const signature = sign("sha256", tbs, privateKey); // ECDSA, DER-encoded (r, s)
  const certDer = der.sequence(tbs, signatureAlgorithm, der.bitString(signature));
  return {
    certDer,
    certPem: toPem("CERTIFICATE", certDer),
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}

const ext = (id: string, critical: boolean, value: Buffer) =>
  der.sequence(der.oid(id), ...(critical ? [der.boolean(true)] : []), der.octetString(value));

/** End entity: basicConstraints without cA (DER leaves out the FALSE default), digitalSignature, clientAuth. */
function clientExtensions(): Buffer[] {
  // keyUsage bit digitalSignature(0) → 1000 0000, 7 unused bits.
  return [
    ext(OID.basicConstraints, true, der.sequence()),
    ext(OID.keyUsage, true, der.bitString(Buffer.from([0x80]), 7)),
    ext(OID.extKeyUsage, false, der.sequence(der.oid(OID.clientAuth))),
  ];
}

function extensions(): Buffer[] {
  // keyUsage bits: digitalSignature(0), keyEncipherment(2), keyCertSign(5) → 1010 0100, 2 unused bits.
  const keyUsage = der.bitString(Buffer.from([0xa4]), 2);
  const loopback = Buffer.from([127, 0, 0, 1]);
  return [
    ext(OID.basicConstraints, true, der.sequence(der.boolean(true))),
    ext(OID.keyUsage, true, keyUsage),
    ext(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth), der.oid(OID.clientAuth))),
    ext(
      OID.subjectAltName,
      false,
      der.sequence(der.implicitPrimitive(2, Buffer.from("localhost", "ascii")), der.implicitPrimitive(7, loopback)),
    ),
  ];
}

/** 16 random bytes with a non-zero first byte: a positive serial that is never zero. */
function positiveSerial(): Buffer {
  const bytes = randomBytes(16);
  if (bytes[0] === 0) bytes[0] = 1;
  return bytes;
}

export function toPem(label: string, derBytes: Uint8Array): string {
  const b64 = Buffer.from(derBytes).toString("base64");
  let body = "";
  for (let i = 0; i < b64.length; i += 64) body += b64.slice(i, i + 64) + "\n";
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}
