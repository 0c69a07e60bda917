// libvirt_ignition and libvirt_combustion (0.9.x shapes) through the real terraform: the content lands in a private
// file named per resource, the id is the content's checksum, the content is sensitive in plans, a vanished file is
// written again without a replacement, new content replaces the file, malformed Ignition JSON is refused at plan
// time, and destroy removes the files.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, plannedActions } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("ign");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const ignition = (version: string) => JSON.stringify({ ignition: { version } });
const config = (version: string) => `${header()}
resource "libvirt_ignition" "fcos" {
  name    = "${prefix}fcos"
  content = jsonencode({ ignition = { version = "${version}" } })
}

resource "libvirt_combustion" "micro" {
  name    = "${prefix}micro"
  content = "#!/bin/bash\\n# combustion: network\\necho root:secret-${prefix} | chpasswd\\n"
}
`;

test("files written privately, checksum ids, sensitive content, rewritten when gone, replaced on change, removed on destroy", async () => {
  suite.ws.write("main.tf", config("3.4.0"));
  const plan = await suite.ws.plan();
  expect(plan.output).not.toContain(`secret-${prefix}`);
  await suite.ws.apply();
  const fcos = (await suite.ws.resource("libvirt_ignition.fcos"))?.values;
  const micro = (await suite.ws.resource("libvirt_combustion.micro"))?.values;
  const content = ignition("3.4.0");
  expect(fcos).toMatchObject({
    id: createHash("sha256").update(content).digest("hex").slice(0, 16),
    size: content.length,
  });
  expect(fcos?.path).toMatch(new RegExp(`/cdktf-virt-ignition/${prefix}fcos-[0-9a-f]{16}\\.ign$`));
  expect(readFileSync(fcos?.path, "utf8")).toBe(content);
  expect(statSync(fcos?.path).mode & 0o777).toBe(0o600);
  expect(micro?.path).toMatch(/\/cdktf-virt-combustion\/.*\.sh$/);
  expect(readFileSync(micro?.path, "utf8")).toContain("# combustion: network");
  await expectEmptyPlan(suite.ws);

  rmSync(fcos?.path);
  await expectEmptyPlan(suite.ws);
  expect(readFileSync(fcos?.path, "utf8")).toBe(content);

  suite.ws.write("main.tf", config("3.5.0"));
  expect((await plannedActions(suite.ws))["libvirt_ignition.fcos"]).toEqual(["delete", "create"]);
  await applySavedPlan(suite.ws);
  const next = (await suite.ws.resource("libvirt_ignition.fcos"))?.values;
  expect(readFileSync(next?.path, "utf8")).toBe(ignition("3.5.0"));
  expect(existsSync(fcos?.path)).toBe(false);
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(existsSync(next?.path)).toBe(false);
  expect(existsSync(micro?.path)).toBe(false);
});

test("content that is not JSON is refused on content at plan time", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}resource "libvirt_ignition" "bad" {\n  name    = "${prefix}bad"\n  content = "{ not json"\n}\n`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  expect(plan.output.replace(/\s+/g, " ")).toContain("content: not JSON");
});
