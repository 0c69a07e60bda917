// libvirt_ignition (0.9.x shape): an Ignition configuration (JSON) written to a local file, e.g. for Fedora CoreOS or
// Flatcar guests to read through fw_cfg (local-file.ts). The JSON is checked at plan time.
import { localFileResource, localFileSchema } from "./local-file";

export const ignitionSchema = localFileSchema(
  "An Ignition configuration written to a file on the machine that runs terraform.",
  "The Ignition configuration (JSON)",
);

const base = localFileResource("libvirt_ignition", "ignition", "ign", ignitionSchema);

export const ignitionResource: typeof base = {
  ...base,
  validateConfig(config, ctx) {
    base.validateConfig?.(config, ctx);
    if (typeof config.content !== "string") return;
    try {
      JSON.parse(config.content);
    } catch (err) {
      ctx.diagnostics.error("Invalid Ignition configuration", `content: not JSON: ${(err as Error).message}.`, [
        "content",
      ]);
    }
  },
};
