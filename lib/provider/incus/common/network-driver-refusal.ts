// Objects that only some network drivers support (load balancers and peers: OVN only). Incus refuses them on
// other networks with "Network driver "bridge" does not support ..."; that refusal is reported at the resource's
// `network` attribute, with what the object needs, instead of as a bare request failure.
import { DiagnosticError } from "../../framework";
import { errorMessage } from "./errors";

const DRIVER_REFUSAL = /Network driver "([^"]+)" does not support/;

/** Runs `create`; a driver refusal becomes a DiagnosticError at ["network"], any other failure passes through. */
export async function reportDriverRefusal(
  typeName: string,
  network: string,
  needs: string,
  create: () => Promise<void>,
): Promise<void> {
  try {
    await create();
  } catch (err) {
    const message = errorMessage(err);
    const refusal = DRIVER_REFUSAL.exec(message);
    if (!refusal) throw err;
    throw new DiagnosticError(
      `${typeName} cannot be created on network ${JSON.stringify(network)}`,
      `Incus refused: ${message}. ${needs} Network ${JSON.stringify(network)} uses the "${refusal[1]}" driver.`,
      ["network"],
    );
  }
}
