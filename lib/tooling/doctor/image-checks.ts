// The image the starter stack (`cdktf-virt init`) deploys: INCUS_IMAGE, else images:debian/13. A missing
// image is only found by the first deploy otherwise; here it is reported with the closest names on the host
// and how to import one. An image on the public image server cannot be looked up without the network:
// doctor only checks that the server answers, and never fails for it.
import { closestNames } from "../../closest-names";
import { IncusClient, ignoreNotFound } from "../../incus";
import { ok, warn, fail } from "./check-result";
import type { CheckResult } from "./check-result";

/** The starter stack's default (lib/cli/init/templates.ts): `process.env.INCUS_IMAGE ?? STARTER_IMAGE`. */
export const STARTER_IMAGE = "images:debian/13";

/** Image servers the incus client knows without configuration, by remote name. */
const IMAGE_SERVERS: Readonly<Record<string, string>> = { images: "https://images.linuxcontainers.org" };

export type ImageProbe =
  /** On the host itself: found (its fingerprint) or not, and the aliases the host has. */
  | { readonly kind: "local"; readonly fingerprint: string | null; readonly names: readonly string[] }
  /** On an image server: whether it answered, and the host's own aliases as alternatives. */
  | {
      readonly kind: "server";
      readonly server: string;
      readonly error: string | null;
      readonly names: readonly string[];
    }
  /** On a remote doctor does not know (the user's incus client configuration). */
  | { readonly kind: "other-remote"; readonly remote: string }
  | { readonly kind: "error"; readonly error: string };

function split(image: string): { remote: string | null; name: string } {
  const colon = image.indexOf(":");
  return colon < 0
    ? { remote: null, name: image }
    : { remote: image.slice(0, colon) || null, name: image.slice(colon + 1) };
}

/** Looks `image` up on the Incus host behind `socketPath` (10 s budget), or asks its image server (5 s). */
export async function probeImage(socketPath: string, image: string): Promise<ImageProbe> {
  const { remote, name } = split(image);
  const server = remote === null ? undefined : IMAGE_SERVERS[remote];
  if (remote !== null && remote !== "local" && !server) return { kind: "other-remote", remote };
  const client = new IncusClient({
    remote: { kind: "unix", socketPath },
    requestTimeoutMs: 10_000,
    connectTimeoutMs: 5_000,
  });
  try {
    const names = (await client.images.listAliases()).map((a) => a.name);
    if (server) {
      const error = await fetch(`${server}/streams/v1/index.json`, {
        method: "HEAD",
        signal: AbortSignal.timeout(5_000),
      }).then(
        (r) => (r.ok ? null : `HTTP ${r.status}`),
        (err: unknown) => String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message),
      );
      return { kind: "server", server, error, names };
    }
    const alias = await ignoreNotFound(client.images.getAlias(name));
    const fingerprint = alias?.value.target ?? (await client.images.find(name))?.value.fingerprint ?? null;
    return { kind: "local", fingerprint, names };
  } catch (err) {
    return { kind: "error", error: (err as Error).message };
  } finally {
    await client.close().catch(() => undefined);
  }
}

const IMPORT =
  "import an image and name it: `incus image import <metadata.tar.xz> <rootfs.squashfs> --alias debian-13` " +
  "(or `incus image copy images:debian/13 local: --alias debian-13` where the image server is reachable), then `export INCUS_IMAGE=debian-13`";

function hostImages(names: readonly string[], wanted: string): string[] {
  const close = closestNames(wanted, names);
  if (close.length > 0) return [`closest images on this host: ${close.join(", ")}`];
  return names.length > 0
    ? [`images on this host: ${[...names].sort().slice(0, 10).join(", ")}`]
    : ["this host has no images"];
}

/** Judges the image probe. `fromEnv`: INCUS_IMAGE named the image (a missing one is then a failure). */
export function checkImage(image: string, fromEnv: boolean, probe: ImageProbe): CheckResult {
  const what = `image ${JSON.stringify(image)} (${
    fromEnv ? "INCUS_IMAGE" : "the starter stack's default; set INCUS_IMAGE to change it"
  })`;
  switch (probe.kind) {
    case "local": {
      if (probe.fingerprint) return ok("image", `${what} is on the Incus host (${probe.fingerprint.slice(0, 12)})`);
      const summary = `${what} is not on the Incus host: the first deploy would fail`;
      const details = hostImages(probe.names, split(image).name);
      return fromEnv ? fail("image", summary, IMPORT, details) : warn("image", summary, IMPORT, details);
    }
    case "server":
      if (probe.error === null)
        return ok("image", `${what}: the image server ${probe.server} answers; Incus downloads it on the first deploy`);
      return warn(
        "image",
        `${what}: the image server ${probe.server} did not answer from here (${probe.error}); the first deploy could not download it`,
        `use an image this host has: ${IMPORT}`,
        hostImages(probe.names, split(image).name),
      );
    case "other-remote":
      return ok(
        "image",
        `${what} is on remote ${JSON.stringify(probe.remote)} of your incus client configuration (not checked)`,
      );
    case "error":
      return warn(
        "image",
        `${what} could not be looked up: ${probe.error}`,
        "run `incus image list` to see the host's images",
      );
  }
}
