// One-time trust tokens (from `incus config trust add <name>`): base64 JSON with the server's addresses and
// certificate fingerprint and a secret. Redeeming one makes the server trust this client's certificate, as
// `incus remote add <name> <token>` does.
import type { IncusClient } from "../client";
import { IncusError } from "../errors";

/** What a trust token carries. */
export interface TrustToken {
  readonly clientName?: string;
  /** SHA-256 fingerprint of the server certificate, lower-case hex. */
  readonly fingerprint?: string;
  /** host:port addresses of the server. */
  readonly addresses: readonly string[];
  readonly secret?: string;
}

/** Decodes a trust token; throws IncusError INVALID_OPTIONS saying the token is malformed. */
export function decodeTrustToken(token: string): TrustToken {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(Buffer.from(token.trim(), "base64").toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new IncusError(
      "INVALID_OPTIONS",
      "The remote's token is not a valid Incus trust token (expected the base64 text printed by `incus config trust add <name>`).",
    );
  }
  return {
    clientName: typeof parsed.client_name === "string" ? parsed.client_name : undefined,
    fingerprint: typeof parsed.fingerprint === "string" ? parsed.fingerprint.toLowerCase() : undefined,
    addresses: Array.isArray(parsed.addresses)
      ? parsed.addresses.filter((a): a is string => typeof a === "string")
      : [],
    secret: typeof parsed.secret === "string" ? parsed.secret : undefined,
  };
}

/**
 * A configured trust token, decoded once. A malformed token is kept with its decoding error, which is thrown
 * only where the token is needed (a server that already trusts this client never needs it).
 */
export interface ConfiguredToken {
  readonly text: string;
  readonly decoded: TrustToken | Error;
}

export function configuredToken(text: string): ConfiguredToken {
  try {
    return { text, decoded: decodeTrustToken(text) };
  } catch (err) {
    return { text, decoded: err as Error };
  }
}

/** The token's content; throws the decoding error of a malformed token. */
export function tokenContent(token: ConfiguredToken): TrustToken {
  if (token.decoded instanceof Error) throw token.decoded;
  return token.decoded;
}

/**
 * Throws when the token names a server certificate other than the one seen (`seenAs` says where, e.g. "https://h:8443
 * presented"): the token would be handed to a server it was not made for. A token without a fingerprint passes.
 */
export function checkTokenFingerprint(token: ConfiguredToken, fingerprint: string, seenAs: string): void {
  const expected = tokenContent(token).fingerprint;
  if (expected === undefined || expected === fingerprint) return;
  throw new IncusError(
    "INVALID_OPTIONS",
    `the trust token is for a server with certificate fingerprint ${expected}, but ${seenAs} ${fingerprint}. ` +
      "The token was not sent and nothing was pinned: check the address, or create a token on the server at that address (`incus config trust add`).",
  );
}

/**
 * Why a server certificate that is not pinned yet may be pinned: the token names its fingerprint ("vouched"), or the
 * caller accepts certificates on first use and no token names one ("accepted"); "unvouched" otherwise. A token that
 * names another fingerprint throws (checkTokenFingerprint) whatever `accept` says, as the incus CLI does.
 */
export function serverCertificateTrust(
  token: ConfiguredToken | undefined,
  fingerprint: string,
  accept: boolean,
  seenAs: string,
): "vouched" | "accepted" | "unvouched" {
  if (token) {
    checkTokenFingerprint(token, fingerprint, seenAs);
    if (tokenContent(token).fingerprint !== undefined) return "vouched";
  }
  return accept ? "accepted" : "unvouched";
}

/** Makes the server trust this client with the token, unless it already does; checks that it then does. */
export async function redeemTrustToken(
  client: IncusClient,
  token: ConfiguredToken,
  signal?: AbortSignal,
): Promise<void> {
  const server = await client.server.get({ signal, timeoutMs: 15_000 });
  if (server.value.auth === "trusted") return;
  const { clientName } = tokenContent(token);
  await client.certificates.addWithToken(token.text, { name: clientName, signal, timeoutMs: 30_000 });
  const after = await client.server.get({ signal, timeoutMs: 15_000 });
  if (after.value.auth !== "trusted") {
    throw new IncusError(
      "FORBIDDEN",
      `${client.endpoint} accepted the trust token but still does not trust this client certificate`,
      { endpoint: client.endpoint },
    );
  }
}
