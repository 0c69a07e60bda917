// Objects that live under a network (forwards, load balancers, peers). Incus refuses them on a network that does not
// exist ("Failed loading network: Network not found") or whose driver lacks them ("Network driver "bridge" does not
// support load balancers"); both refusals are reported at the resource's `network` attribute, with what the object
// needs, instead of as a bare request failure.
import { DiagnosticError } from "../../framework";
import { errorMessage } from "./errors";

const DRIVER_REFUSAL = /Network driver "([^"]+)" does not support/;
const MISSING_NETWORK = /Network not found/;

/** Runs `create`; a refusal because of the network becomes a DiagnosticError at ["network"]. */
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
    if (refusal) {
      throw new DiagnosticError(
        `${typeName} cannot be created on network ${JSON.stringify(network)}`,
        `Incus refused: ${message}. ${needs} Network ${JSON.stringify(network)} uses the "${refusal[1]}" driver.`,
        ["network"],
      );
    }
    if (MISSING_NETWORK.test(message)) {
      throw new DiagnosticError(
        `${typeName} cannot be created: network ${JSON.stringify(network)} does not exist`,
        `Incus refused: ${message}. Check the network's name, project and remote.`,
        ["network"],
      );
    }
    throw err;
  }
}
