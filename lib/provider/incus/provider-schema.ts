// The `provider "incus" { ... }` block, schema-compatible with lxc/incus (wait_timeout is an addition).
import { REMOTE_NAME_DESCRIPTION, remoteNameProblem } from "../../remote-names";
import type { Schema } from "../framework";
import { bool, custom, listBlock, oneOf, str } from "../framework";
import { MAX_DURATION_MS, parseDuration } from "./common";

/** Used when `wait_timeout` is not set: the official provider's fixed wait. */
export const DEFAULT_WAIT_TIMEOUT = "3m";

const durationValidator = custom((value) => {
  try {
    if (parseDuration(String(value)) <= 0) return "wait_timeout must be longer than zero.";
  } catch (err) {
    return `wait_timeout ${(err as Error).message}.`;
  }
  return undefined;
}, `a duration such as 90s or 5m, at most ${MAX_DURATION_MS} ms`);

// A remote's name becomes servercerts/<name>.crt: the same rule as the IncusHost construct and the remote table.
const remoteNameValidator = custom((value) => remoteNameProblem(String(value)), REMOTE_NAME_DESCRIPTION);

export const providerSchema = {
  description: "Incus containers, virtual machines, networks, storage, profiles, projects and images.",
  attributes: {
    config_dir: str({
      optional: true,
      description: "The incus client's configuration directory. Default: $INCUS_CONF, else ~/.config/incus.",
    }),
    generate_client_certificates: bool({
      optional: true,
      description: "Create client.crt/client.key in config_dir when missing (env INCUS_GENERATE_CLIENT_CERTS).",
    }),
    accept_remote_certificate: bool({
      optional: true,
      description:
        "Pin an HTTPS remote's certificate on first contact when its trust token names no fingerprint (env INCUS_ACCEPT_SERVER_CERTIFICATE). A token's fingerprint always decides.",
    }),
    default_remote: str({ optional: true, description: "The remote used when a resource leaves `remote` unset." }),
    wait_timeout: str({
      optional: true,
      description: `How long waits (instance start, wait_for, long operations) may take, e.g. "10m"; at most 596h31m23s (${MAX_DURATION_MS} ms, the longest a timer can wait). Default ${DEFAULT_WAIT_TIMEOUT}. An addition to the official schema.`,
      validators: [durationValidator],
    }),
  },
  blocks: {
    remote: listBlock(
      {
        name: str({
          required: true,
          description: `The remote's name, as resources refer to it: ${REMOTE_NAME_DESCRIPTION} (it names the file its pinned certificate is kept in).`,
          validators: [remoteNameValidator],
        }),
        address: str({
          optional: true,
          description:
            "unix:// (local socket), unix:///path/to/socket or https://host:8443; a comma-separated list uses the first. Default: the address in config.yml.",
        }),
        protocol: str({
          optional: true,
          description: "incus (default), simplestreams or oci.",
          validators: [oneOf(["incus", "simplestreams", "oci"])],
        }),
        credentials_helper: str({
          optional: true,
          description:
            'Credentials helper executable for an OCI registry (env INCUS_OCI_CREDENTIALS_HELPER); only with protocol = "oci". Recorded with the remote: the Incus server pulls OCI images itself, so the bundled provider never runs it.',
        }),
        authentication_type: str({
          optional: true,
          description: "tls (default) or oidc.",
          validators: [oneOf(["tls", "oidc"])],
        }),
        token: str({
          optional: true,
          sensitive: true,
          description: "One-time trust token from `incus config trust add`.",
        }),
        public: bool({ optional: true, description: "The remote needs no authentication." }),
      },
      { description: "An Incus server or image server." },
    ),
  },
} satisfies Schema;
