// libvirt_combustion (0.9.x shape): a Combustion script (openSUSE MicroOS / SLE Micro first boot) written to a local
// file (../ignition/local-file.ts), to be put on the guest's config disk as combustion/script.
import { localFileResource, localFileSchema } from "../ignition/local-file";

export const combustionSchema = localFileSchema(
  "A Combustion script written to a file on the machine that runs terraform.",
  "The Combustion script (a shell script)",
);

export const combustionResource = localFileResource("libvirt_combustion", "combustion", "sh", combustionSchema);
