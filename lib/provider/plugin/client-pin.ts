// go-plugin's mTLS: Terraform passes the one certificate it will present (PLUGIN_CLIENT_CERT). Trusting it as a
// CA (or trusting nothing given) makes node build its whole root store first (the bundled roots plus
// NODE_EXTRA_CA_CERTS: 40-90 ms of every provider start); the server trusts no root at all instead and compares
// the presented certificate with the announced one byte for byte. The TLS
// handshake itself still proves the client holds the matching private key (its CertificateVerify signature is
// checked whatever the chain verification says).
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/** The DER bytes of every certificate in a PEM text. */
export function pemCertificatesDer(pem: string): Buffer[] {
  return [...pem.matchAll(PEM_BLOCK)].map((m) => Buffer.from(m[1].replace(/\s+/g, ""), "base64"));
}

/** True when the peer presented exactly one of the pinned certificates. */
export function isPinned(peerCertDer: Buffer | undefined, pinned: readonly Buffer[]): boolean {
  return Boolean(peerCertDer) && pinned.some((der) => der.equals(peerCertDer!));
}
