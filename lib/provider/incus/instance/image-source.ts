// Where a new instance's root filesystem comes from: `image = "[remote:]alias-or-fingerprint"`. Images on
// the instance's own remote are used directly. Image servers (simplestreams, oci, public incus remotes) are
// handed to Incus to pull from; `images:` means the public simplestreams server when no remote of that name
// is configured, as in the incus command-line client's defaults. Private images on another Incus server are
// pulled with a one-time download secret that server hands out, as `incus launch remote:image` does.
import type { CallOptions, IncusClient, InstanceImageSource } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import { grantImageDownload } from "../../../incus/server-copy";
import { keptHit } from "../common/kept-hits";
import type { IncusProviderData } from "../provider-data";

const PUBLIC_IMAGES = { server: "https://images.linuxcontainers.org", protocol: "simplestreams" } as const;

/** The pull source for an image that lives on another remote. */
function remoteImageSource(
  data: IncusProviderData,
  instanceRemote: string | null,
  remote: string,
  name: string,
  image: string,
): InstanceImageSource {
  if (remote === "images" && !data.remoteNames().includes("images")) {
    return { type: "image", alias: name, server: PUBLIC_IMAGES.server, protocol: PUBLIC_IMAGES.protocol };
  }
  const info = data.remoteInfo(remote);
  if (!info.address.startsWith("https://")) {
    throw new Error(
      `image ${JSON.stringify(image)}: remote ${JSON.stringify(remote)} (${info.address}) is not reachable over ` +
        `HTTPS, so ${JSON.stringify(data.remoteName(instanceRemote))} cannot pull from it. Copy the image there ` +
        "first (an incus_image resource or `incus image copy`) and refer to it without the remote prefix.",
    );
  }
  return { type: "image", alias: name, server: info.address, protocol: info.protocol };
}

/** A private Incus remote: its images need a download secret from that server. */
function isPrivateIncus(data: IncusProviderData, remote: string): boolean {
  if (remote === "images" && !data.remoteNames().includes("images")) return false;
  const info = data.remoteInfo(remote);
  return info.protocol === "incus" && !info.public;
}

/** `[remote:]name` split at the first colon. */
export function splitImage(image: string): { remote: string | null; name: string } {
  const colon = image.indexOf(":");
  if (colon < 0) return { remote: null, name: image };
  return { remote: image.slice(0, colon) || null, name: image.slice(colon + 1) };
}

/** Where an image is: on the instance's own remote (looked up there), or on an image server Incus pulls from. */
export type ImageLocation =
  | { readonly onInstanceRemote: true; readonly name: string }
  | {
      readonly onInstanceRemote: false;
      readonly remote: string;
      readonly name: string;
      readonly source: InstanceImageSource;
    };

/**
 * Where `image` lives, without asking any server. Throws for what can never work: no name after the remote, or
 * another remote the instance's server cannot reach over HTTPS.
 */
export function locateImage(data: IncusProviderData, instanceRemote: string | null, image: string): ImageLocation {
  const { remote, name } = splitImage(image);
  if (name === "") throw new Error(`image ${JSON.stringify(image)} names no image after the remote.`);
  if (remote === null || remote === data.remoteName(instanceRemote)) return { onInstanceRemote: true, name };
  return {
    onInstanceRemote: false,
    remote,
    name,
    source: remoteImageSource(data, instanceRemote, remote, name, image),
  };
}

/** An image on the instance's remote by alias, full fingerprint or fingerprint prefix; undefined when absent. */
export async function findImage(
  client: IncusClient,
  name: string,
  call: CallOptions,
): Promise<InstanceImageSource | undefined> {
  const alias = await ignoreNotFound(client.images.getAlias(name, call));
  if (alias) return { type: "image", alias: alias.value.name };
  const found = await client.images.find(name, call);
  if (found) return { type: "image", fingerprint: found.value.fingerprint };
  return undefined;
}

/** Images found on the instance's remote in this session (one client per remote and session), by project and name. */
const foundImages = new WeakMap<IncusClient, Map<string, Promise<InstanceImageSource | undefined>>>();

/**
 * findImage, asked once per session while it finds the image: an apply that creates 50 instances from one image
 * looks it up once, not 50 times. Only a hit is kept (a miss is asked again, the image may be imported later in
 * the run), and what is kept stays right: an alias is passed to Incus by name, which resolves it at the create
 * itself, and a fingerprint names one image for good.
 */
function findImageOnce(client: IncusClient, name: string, call: CallOptions): Promise<InstanceImageSource | undefined> {
  return keptHit(
    foundImages,
    client,
    `${call.project ?? "default"}\u0000${name}`,
    () => findImage(client, name, call),
    (found) => found !== undefined,
  );
}

/** An image source, and what to do once the request that used it is over (withdraw a download secret). */
export interface ResolvedImage {
  readonly source: InstanceImageSource;
  release(): Promise<void>;
}

const nothingToRelease = async (): Promise<void> => undefined;

/**
 * The `source` of POST /1.0/instances for `image`, checked against the instance's remote so that a missing
 * image fails with a message that says where we looked. Call `release` when the request is over.
 */
export async function resolveImageSource(
  data: IncusProviderData,
  instanceRemote: string | null,
  client: IncusClient,
  image: string,
  call: CallOptions,
): Promise<ResolvedImage> {
  const location = locateImage(data, instanceRemote, image);
  if (!location.onInstanceRemote) {
    if (!isPrivateIncus(data, location.remote)) return { source: location.source, release: nothingToRelease };
    const server = location.source.server ?? "";
    const grant = await grantImageDownload(
      { client: data.client(location.remote), url: server },
      location.name,
      call.signal ? { signal: call.signal } : {},
    );
    const { fingerprint, secret, certificate } = grant;
    return {
      source: { type: "image", fingerprint, server, protocol: "incus", secret, certificate },
      release: () => grant.release(),
    };
  }
  const found = await findImageOnce(client, location.name, call);
  if (found) return { source: found, release: nothingToRelease };
  const project = call.project ?? "default";
  throw new Error(
    `image ${JSON.stringify(location.name)} was found neither as an alias nor as a fingerprint on remote ` +
      `${JSON.stringify(data.remoteName(instanceRemote))} in project ${JSON.stringify(project)}. ` +
      "Import it first (incus_image or `incus image import`); projects with features.images=true only see their own images.",
  );
}
