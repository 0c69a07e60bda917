// `cdktf-virt doctor`: is this machine ready to synth, plan and deploy? Each problem comes with its fix; the exit
// code is non-zero when something is broken.
import { parseCommandArgs } from "../common/args";
import { reportError, UsageError } from "../common/errors";
import { EXIT_ERROR, EXIT_OK } from "../common/io";
import type { ToolIO } from "../common/io";
import { renderChecks } from "./check-result";
import { DEFAULT_PROBES, runDoctor } from "./doctor";
import type { DoctorProbes } from "./doctor";

export const DOCTOR_USAGE = `Usage: cdktf-virt doctor [options]

Checks node, terraform, the bundled providers, the Incus and libvirt daemons, the image the starter stack deploys
(INCUS_IMAGE, default images:debian/13) and the incus client certificates, and says how to fix each problem. Exits 1 when something is broken.

Options:
  --require LIST       incus, libvirt or incus,libvirt: a missing daemon is a failure, not a warning
  --libvirt-uri URI    libvirt connection to check (default: qemu:///system)
  --incus-socket PATH  Incus socket to check (default: INCUS_SOCKET, INCUS_DIR/unix.socket, /var/lib/incus/unix.socket)
  --json               print the results as JSON
  -h, --help           show this help
`;

export async function main(argv: string[], io: ToolIO, probes: DoctorProbes = DEFAULT_PROBES): Promise<number> {
  try {
    const args = parseCommandArgs(
      "doctor",
      argv,
      {
        require: { type: "string", multiple: true },
        "libvirt-uri": { type: "string" },
        "incus-socket": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      0,
    );
    if (args.flags.help) {
      io.stdout.write(DOCTOR_USAGE);
      return EXIT_OK;
    }
    const required = new Set<"incus" | "libvirt">();
    for (const item of args.lists.require.flatMap((v) => v.split(","))) {
      const name = item.trim();
      if (name !== "incus" && name !== "libvirt")
        throw new UsageError(`doctor: --require takes incus and/or libvirt, not "${name}"`);
      required.add(name);
    }
    const results = await runDoctor(
      {
        env: io.env ?? process.env,
        require: required,
        libvirtUri: args.values["libvirt-uri"],
        incusSocket: args.values["incus-socket"],
      },
      probes,
    );
    const broken = results.some((r) => r.status === "fail");
    if (args.flags.json) io.stdout.write(`${JSON.stringify({ ok: !broken, checks: results }, null, 2)}\n`);
    else io.stdout.write(renderChecks(results));
    return broken ? EXIT_ERROR : EXIT_OK;
  } catch (err) {
    return reportError(err, io, DOCTOR_USAGE);
  }
}
