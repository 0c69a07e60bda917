// Runs every doctor check against this machine. The probes (commands, the Incus socket, the provider layout) can be
// replaced, so the checks' wiring is testable without breaking the machine.
import * as os from "node:os";
import * as path from "node:path";
import { resolveSocketPath } from "../../incus";
import { resolveConfigDir } from "../../incus/remotes";
import { DEFAULT_LIBVIRT_URI } from "../../libvirt";
import {
  BUNDLED_PROVIDER_TYPES,
  bundledProviderPath,
  mirrorExecutablePath,
  packageRoot,
  PROVIDER_VERSION,
} from "../../packaging";
import { runCommand } from "../common/process";
import type { CommandResult, RunOptions } from "../common/process";
import { checkCertificates } from "./certificate-checks";
import type { CheckResult } from "./check-result";
import { checkIncus, checkLibvirt, probeIncus, socketExists } from "./daemon-checks";
import type { IncusProbe } from "./daemon-checks";
import { STARTER_IMAGE, checkImage, probeImage } from "./image-checks";
import type { ImageProbe } from "./image-checks";
import { checkBundledProviders, checkCliConfig } from "./provider-checks";
import type { ProviderLayout } from "./provider-checks";
import { checkNode, checkTerraform } from "./toolchain-checks";

export interface DoctorOptions {
  readonly env: NodeJS.ProcessEnv;
  /** Treat a missing Incus / libvirt installation as a failure instead of a warning. */
  readonly require: ReadonlySet<"incus" | "libvirt">;
  /** @default DEFAULT_LIBVIRT_URI (qemu:///system) */
  readonly libvirtUri?: string;
  /** @default INCUS_SOCKET, INCUS_DIR/unix.socket, /var/lib/incus/unix.socket */
  readonly incusSocket?: string;
}

export interface DoctorProbes {
  readonly run: (command: string, args: readonly string[], options?: RunOptions) => Promise<CommandResult>;
  readonly probeIncus: (socketPath: string) => Promise<IncusProbe>;
  readonly socketExists: (socketPath: string) => boolean;
  /** Where the bundled providers are built and installed, for a home directory. */
  readonly providerLayout: (home: string) => ProviderLayout;
  readonly nodeVersion: string;
  /** Looks up the starter stack's image once Incus answers; without it, the image is not checked. */
  readonly probeImage?: (socketPath: string, image: string) => Promise<ImageProbe>;
}

export const DEFAULT_PROBES: DoctorProbes = {
  run: runCommand,
  probeIncus,
  socketExists,
  providerLayout: (home) => {
    // Terraform's implied mirror under the home doctor was given, which need not be the process's own.
    const mirrorDir = path.join(home, ".terraform.d", "plugins");
    return {
      types: BUNDLED_PROVIDER_TYPES,
      version: PROVIDER_VERSION,
      packageRoot: packageRoot(),
      mirrorDir,
      builtPath: bundledProviderPath,
      mirrorPath: (type) => mirrorExecutablePath(mirrorDir, type),
    };
  },
  nodeVersion: process.version,
  probeImage,
};

export async function runDoctor(options: DoctorOptions, probes: DoctorProbes = DEFAULT_PROBES): Promise<CheckResult[]> {
  const env = options.env;
  const home = env.HOME || os.homedir();
  const terraformBinary = env.TERRAFORM_BINARY ?? "terraform";
  const uri = options.libvirtUri ?? DEFAULT_LIBVIRT_URI;
  const socket = options.incusSocket ?? resolveSocketPath(undefined, env);
  const commandEnv = { ...env, CHECKPOINT_DISABLE: "1", LC_ALL: "C" };

  const [terraform, incus, libvirt] = await Promise.all([
    probes
      .run(terraformBinary, ["version", "-json"], { env: commandEnv, timeoutMs: 30_000 })
      .then((r) => checkTerraform(r, terraformBinary)),
    (async () => {
      const exists = probes.socketExists(socket);
      return checkIncus(
        socket,
        exists,
        exists ? await probes.probeIncus(socket) : undefined,
        options.require.has("incus"),
      );
    })(),
    probes
      .run("virsh", ["-c", uri, "version"], { env: commandEnv, timeoutMs: 30_000 })
      .then((r) => checkLibvirt(uri, r, options.require.has("libvirt"))),
  ]);
  const image = env.INCUS_IMAGE || STARTER_IMAGE;
  const imageCheck =
    incus.status === "ok" && probes.probeImage
      ? [checkImage(image, Boolean(env.INCUS_IMAGE), await probes.probeImage(socket, image))]
      : [];
  return [
    checkNode(probes.nodeVersion),
    terraform,
    checkCliConfig(env, home),
    checkBundledProviders(probes.providerLayout(home)),
    incus,
    ...imageCheck,
    libvirt,
    checkCertificates(resolveConfigDir(undefined, { ...env, HOME: home })),
  ];
}
