// The go-plugin handshake: Terraform starts the provider with a magic cookie in the environment and reads one
// line from its stdout: core-protocol|app-protocol|network|address|protocol|server-cert.

export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
export const CORE_PROTOCOL_VERSION = 1;
export const APP_PROTOCOL_VERSION = 6;

export interface HandshakeEnvProblem {
  readonly message: string;
}

/**
 * Checks what Terraform puts in the environment. Returns a human message when the process was not started by
 * Terraform (no cookie) or when Terraform cannot speak protocol 6.
 */
export function checkPluginEnv(env: NodeJS.ProcessEnv, executable: string): HandshakeEnvProblem | undefined {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    return {
      message:
        `${executable} is a Terraform provider plugin: Terraform starts it, it is not meant to be run by hand.\n` +
        `Install it with \`npx cdktf-virt provider install\` and use it from a Terraform configuration ` +
        `(the provider source addresses are printed by that command).`,
    };
  }
  const versions = env.PLUGIN_PROTOCOL_VERSIONS;
  if (
    versions &&
    !versions
      .split(",")
      .map((v) => v.trim())
      .includes(String(APP_PROTOCOL_VERSION))
  ) {
    return {
      message:
        `${executable} speaks Terraform plugin protocol ${APP_PROTOCOL_VERSION}, but this Terraform offers ` +
        `only ${versions}. Use Terraform 1.0 or newer.`,
    };
  }
  return undefined;
}

/** Standard base64 without the trailing "=" padding: go-plugin rejects padded certificates. */
export function unpaddedBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64").replace(/=+$/, "");
}

/**
 * The single stdout line (newline included). `certDer` is omitted when Terraform did not ask for TLS
 * (no PLUGIN_CLIENT_CERT), as go-plugin does.
 */
export function handshakeLine(network: "unix" | "tcp", address: string, certDer?: Uint8Array): string {
  const fields = [CORE_PROTOCOL_VERSION, APP_PROTOCOL_VERSION, network, address, "grpc"];
  if (certDer) fields.push(unpaddedBase64(certDer));
  return fields.join("|") + "\n";
}
