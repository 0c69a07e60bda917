// Paths on the machine running Terraform (source_file, source_path): a leading ~ means the user's home, as
// the official provider and a shell read it.
import * as os from "node:os";
import * as path from "node:path";

/** `p` with a leading `~` or `~/` replaced by the home directory; any other path unchanged. */
export function expandHome(p: string): string {
  return p === "~" || p.startsWith("~/") ? path.join(os.homedir(), p.slice(1)) : p;
}
