// data "incus_image": an image by alias (`name`) or fingerprint, optionally checked against a type and an
// architecture. The usual way to refer to an image someone else imported.
import type { Image } from "../../../incus";
import { isNotFound } from "../../../incus";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { imageDataSourceSchema } from "./schema";

export const imageDataSource: DataSource<IncusProviderData, typeof imageDataSourceSchema> = {
  typeName: "incus_image",
  schema: imageDataSourceSchema,
  validateConfig(config, ctx) {
    if (
      (config.name === null || config.name === undefined) &&
      (config.fingerprint === null || config.fingerprint === undefined)
    ) {
      ctx.diagnostics.error("Missing image reference", "Set name (an alias) or fingerprint.", ["name"]);
    }
  },
  async read(config, ctx) {
    const client = clientFor(ctx, config);
    const call = callFor(ctx, config);
    let reference = config.fingerprint ?? "";
    if (!reference) {
      try {
        // validateConfig asks for a name when no fingerprint is given.
        reference = (await client.images.getAlias(String(config.name), call)).value.target;
      } catch (err) {
        if (isNotFound(err))
          throw new Error(
            `No image alias ${JSON.stringify(config.name)} in project ${JSON.stringify(config.project ?? "default")}.`,
          );
        throw err;
      }
    }
    let image: Image;
    try {
      image = (await client.images.get(reference, call)).value;
    } catch (err) {
      if (isNotFound(err))
        throw new Error(
          `No image with fingerprint ${JSON.stringify(reference)} in project ${JSON.stringify(
            config.project ?? "default",
          )}.`,
        );
      // An ambiguous prefix is refused by Incus; say which reference it was (as the official provider does).
      throw new Error(
        `Failed to retrieve image by fingerprint ${JSON.stringify(reference)}: ${(err as Error).message}`,
      );
    }
    if (config.name && !image.aliases.some((a) => a.name === config.name)) {
      throw new Error(
        `Image ${image.fingerprint.slice(0, 12)} does not carry the alias ${JSON.stringify(config.name)}.`,
      );
    }
    for (const key of ["type", "architecture"] as const) {
      if (config[key] && config[key] !== image[key]) {
        throw new Error(
          `Image ${config.name ?? reference} is ${key} ${JSON.stringify(image[key])}, not ${JSON.stringify(
            config[key],
          )}.`,
        );
      }
    }
    return {
      name: config.name ?? null,
      // Always the full fingerprint, also when a prefix was configured (official provider).
      fingerprint: image.fingerprint,
      type: image.type,
      architecture: image.architecture,
      aliases: image.aliases.map((a) => a.name).sort(),
      project: config.project ?? null,
      remote: config.remote ?? null,
      created_at: Math.floor(Date.parse(image.created_at) / 1000),
    };
  },
};
