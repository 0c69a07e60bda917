// Every official libvirt_domain attribute inside an object this provider models is either modelled or a placeholder
// that refuses a value with its path (Terraform drops unknown nested keys without a word).
import { CtyDynamic } from "../../../lib/provider/cty";
import { Diagnostics } from "../../../lib/provider/framework";
import type { Attribute } from "../../../lib/provider/framework";
import { validateConfigValue } from "../../../lib/provider/framework/validate";
import { domainSchema } from "../../../lib/provider/libvirt/domain/schema";
import { OFFICIAL_DOMAIN_ATTRIBUTES } from "../../../lib/provider/libvirt/domain/official-attributes";
import { isPlaceholder, objectPaths } from "../../../lib/provider/libvirt/domain/unmodelled";

function attributesAt(path: string): Readonly<Record<string, Attribute>> {
  let attributes: Readonly<Record<string, Attribute>> = domainSchema.attributes;
  for (const name of path === "" ? [] : path.split(".")) attributes = attributes[name].nested!.attributes;
  return attributes;
}

/** Paths of this provider's own objects, which the official schema does not have. */
const OWN_OBJECTS = new Set(["", "update", "update.shutdown", "destroy.shutdown", "devices.consoles.source"]);

test("every modelled object has the official attribute list, and every official attribute in it is present", () => {
  for (const path of objectPaths(domainSchema.attributes)) {
    if (OWN_OBJECTS.has(path)) continue;
    const official = OFFICIAL_DOMAIN_ATTRIBUTES[path];
    expect([path, official !== undefined]).toEqual([path, true]);
    const names = Object.keys(attributesAt(path));
    for (const name of Object.keys(official)) expect([path, names]).toEqual([path, expect.arrayContaining([name])]);
  }
});

test("placeholders are only added where the official schema has the attribute", () => {
  for (const path of objectPaths(domainSchema.attributes)) {
    for (const [name, attr] of Object.entries(attributesAt(path))) {
      if (isPlaceholder(attr)) expect([path, name, OFFICIAL_DOMAIN_ATTRIBUTES[path]?.[name]]).not.toContain(undefined);
    }
  }
});

function validate(config: Record<string, unknown>): Diagnostics {
  const diags = new Diagnostics();
  validateConfigValue(domainSchema, { name: "vm", type: "qemu", ...config } as never, diags);
  return diags;
}

test("a value in a placeholder is an error naming its path; null and a typed null are not", () => {
  const disk = (extra: Record<string, unknown>) => ({ target: { dev: "vda" }, ...extra });
  const diags = validate({
    devices: { hubs: [{ type: "usb" }], disks: [disk({ vendor: "ACME" }), disk({ vendor: null })] },
    os: { type: "hvm", bios: new CtyDynamic(["object", {}], null) },
  });
  expect(diags.errors.map((d) => d.path)).toEqual([
    ["devices", "disks", 0, "vendor"],
    ["devices", "hubs"],
  ]);
  expect(diags.errors[0].detail).toContain("devices.disks[0].vendor is an attribute of the official libvirt provider");
});
