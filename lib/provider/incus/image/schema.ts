// The incus_image schema, as lxc/incus defines it: exactly one of source_file (local tarballs or an https
// URL), source_image (copy from another remote) or source_instance (publish), plus `alias` blocks that are
// updated in place.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { bool, nested, num, oneOf, requiresReplace, setBlock, setOf, str, useStateForUnknown } from "../../framework";
import { objectName } from "../common";

export const imageSchema = {
  description: "An image in an Incus image store.",
  attributes: {
    source_file: nested(
      "single",
      {
        data_path: str({
          required: true,
          description: "Rootfs tarball or disk image; alone, a unified image tarball. May be an https:// URL.",
          planModifiers: [requiresReplace()],
        }),
        metadata_path: str({
          optional: true,
          description: "Metadata tarball of a split image.",
          planModifiers: [requiresReplace()],
        }),
      },
      { optional: true, description: "Upload the image from local files." },
    ),
    source_image: nested(
      "single",
      {
        remote: str({ required: true, description: "Remote to copy the image from." }),
        name: str({ required: true, description: "Alias or fingerprint of the image on that remote." }),
        type: str({
          optional: true,
          computed: true,
          default: "container",
          validators: [oneOf(["container", "virtual-machine"])],
          planModifiers: [requiresReplace()],
        }),
        architecture: str({ optional: true, computed: true, planModifiers: [useStateForUnknown(), requiresReplace()] }),
        copy_aliases: bool({ optional: true, planModifiers: [requiresReplace()] }),
      },
      { optional: true, description: "Copy the image from another remote.", planModifiers: [requiresReplace()] },
    ),
    source_instance: nested(
      "single",
      {
        name: str({ required: true, description: "Instance to publish." }),
        snapshot: str({ optional: true, description: "Publish this snapshot of the instance instead." }),
      },
      {
        optional: true,
        description: "Publish an instance (or one of its snapshots) as an image.",
        planModifiers: [requiresReplace()],
      },
    ),
    project: str({ optional: true, description: "Project of the image.", planModifiers: [requiresReplace()] }),
    remote: str({
      optional: true,
      description: "The remote to store the image on.",
      planModifiers: [requiresReplace()],
    }),
    resource_id: str({ computed: true, description: "<remote>:<fingerprint>.", planModifiers: [useStateForUnknown()] }),
    created_at: num({
      computed: true,
      description: "Creation time, Unix seconds.",
      planModifiers: [useStateForUnknown()],
    }),
    fingerprint: str({
      computed: true,
      description: "SHA-256 fingerprint of the image.",
      planModifiers: [useStateForUnknown()],
    }),
    copied_aliases: setOf("string", {
      computed: true,
      description: "Aliases copied from the source image (copy_aliases).",
    }),
  },
  blocks: {
    alias: setBlock(
      {
        // Aliases such as "debian/13/cloud" are common: "/" is allowed.
        name: str({
          required: true,
          description: "The alias.",
          validators: [objectName("image alias", { slash: true, max: 255 })],
        }),
        description: str({ optional: true, computed: true, default: "", description: "Description of the alias." }),
      },
      { description: "An alias of the image." },
    ),
  },
} satisfies Schema;

/** An incus_image as state holds it. */
export type ImageState = StateModel<typeof imageSchema>;
/** An incus_image as create and update get it (the fingerprint and other computed values may be unknown). */
export type ImagePlan = ApplyModel<typeof imageSchema>;
export type ImageAlias = ImageState["alias"][number];
export type SourceFile = NonNullable<ImageState["source_file"]>;
export type SourceInstance = NonNullable<ImageState["source_instance"]>;
export type SourceImage = NonNullable<ImagePlan["source_image"]>;

export const SOURCES = ["source_file", "source_image", "source_instance"] as const;

export const imageDataSourceSchema = {
  description: "Reads an existing image by alias or fingerprint.",
  attributes: {
    name: str({ optional: true, description: "An alias of the image." }),
    fingerprint: str({ optional: true, computed: true, description: "Fingerprint (or a unique prefix) of the image." }),
    type: str({
      optional: true,
      computed: true,
      description: "container or virtual-machine.",
      validators: [oneOf(["container", "virtual-machine"])],
    }),
    architecture: str({ optional: true, computed: true, description: "Architecture, e.g. x86_64." }),
    aliases: setOf("string", { computed: true, description: "Aliases of the image." }),
    project: str({ optional: true, description: "Project of the image." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    created_at: num({ computed: true, description: "Creation time, Unix seconds." }),
  },
} satisfies Schema;
