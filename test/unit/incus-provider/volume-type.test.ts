// incus_storage_volume `type`: the official provider defaults it to "custom" and hands any value to Incus, which
// creates custom volumes only. Here "custom" (or nothing) plans; anything else is refused at plan time, at the
// attribute, with what Incus allows and where instance and image volumes come from.
import { Diagnostics } from "../../../lib/provider/framework";
import { validateConfigValue } from "../../../lib/provider/framework/validate";
import { volumeSchema } from "../../../lib/provider/incus/storage/volume-schema";

function errorsFor(type: string | null): { path: unknown; detail: string }[] {
  const diags = new Diagnostics();
  validateConfigValue(
    volumeSchema,
    {
      name: "v",
      pool: "default",
      description: null,
      type,
      content_type: null,
      project: null,
      remote: null,
      target: null,
      config: null,
      source_volume: null,
      source_file: null,
      location: null,
      file: null,
    },
    diags,
  );
  return diags.errors.map((d) => ({ path: d.path, detail: d.detail ?? "" }));
}

test.each([null, "custom"])("type %p plans", (type) => {
  expect(errorsFor(type)).toEqual([]);
});

test.each(["container", "virtual-machine", "image"])("type %p is refused at the attribute", (type) => {
  expect(errorsFor(type)).toEqual([
    {
      path: ["type"],
      detail: expect.stringMatching(
        /^Incus creates only custom storage volumes; type is ".+"\. .* data "incus_storage_volume"/,
      ),
    },
  ]);
});

test("any other type is refused with what to set instead", () => {
  expect(errorsFor("Custom")).toEqual([
    {
      path: ["type"],
      detail: 'Incus creates only custom storage volumes; type is "Custom". Remove type or set it to "custom".',
    },
  ]);
});
