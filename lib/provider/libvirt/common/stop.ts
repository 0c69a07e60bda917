// How a running domain is stopped for a change (an update that needs a restart, a destroy, a disk that cannot be
// unplugged live): the guest is asked to power off (ACPI) and destroyed only when it has not within the timeout.
// That destroy is a hard power-off: whatever the guest had not yet written to its disks is lost, so it is a warning,
// not a log line only (like an Incus instance killed after its clean-stop timeout).
import type { DomainStopOutcome, LibvirtClient, VirshCallOptions } from "../../../libvirt";
import type { Diagnostics } from "../../framework";

export interface StopForChange {
  readonly client: LibvirtClient;
  readonly call: VirshCallOptions;
  /** The domain's name. */
  readonly name: string;
  /** How long the guest gets to power off after the ACPI request; 0 destroys it at once (the user's choice: no warning). */
  readonly gracefulTimeoutMs: number;
  /** Why it is stopped, ending a sentence: "before its delete", "for an update". */
  readonly why: string;
  /** The setting that gives the timeout, named in the warning: "destroy.shutdown.timeout". */
  readonly timeoutSetting: string;
  readonly diagnostics: Diagnostics;
}

/** Stops the domain (see the file comment) and warns when it had to be destroyed after the ACPI request timed out. */
export async function stopForChange(req: StopForChange): Promise<DomainStopOutcome> {
  const outcome = await req.client.domains.stop(req.name, { gracefulTimeoutMs: req.gracefulTimeoutMs }, req.call);
  if (outcome === "forced" && req.gracefulTimeoutMs > 0) {
    const seconds = Math.round(req.gracefulTimeoutMs / 100) / 10;
    req.diagnostics.warning(
      `Domain ${JSON.stringify(req.name)} did not shut down within ${seconds} s and was powered off`,
      `It was asked to shut down (ACPI power button) ${req.why}, for up to ${seconds} s (${req.timeoutSetting}), ` +
        "and was then destroyed. Data its guest had not yet written to its disks may be lost; check that the guest " +
        "handles the ACPI power button (acpid, systemd-logind) or raise the timeout if its shutdown needs longer.",
    );
  }
  return outcome;
}
