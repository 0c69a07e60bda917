// Executable entry of the bundled libvirt provider (bundled to dist/providers/terraform-provider-libvirt.js). Only the
// plugin host loads before the handshake line; the framework and the resources load on Terraform's first call,
// because Terraform starts a provider 3-5 times per command and most starts only ask for the schema.
import { runPlugin } from "../plugin";

runPlugin((host) => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { providerHandlers } = require("../framework") as typeof import("../framework");
  const { libvirtProvider } = require("./provider") as typeof import("./provider");
  /* eslint-enable @typescript-eslint/no-require-imports */
  return providerHandlers(libvirtProvider, host);
});
