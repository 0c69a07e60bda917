// libvirt_volume target.path and target.permissions (0.9.x shape) through the real terraform and libvirtd: libvirt
// creates the file with the owner, group and mode given, the state keeps the configuration's spelling of the mode,
// a qcow2 image is uploaded from a local file, a new mode replaces the volume, and a malformed one is refused.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, plannedActions, qcow2Image } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("voltarget");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const POOL = LIBVIRT_TEST_POOL;

const config = (mode: string, image: string) => `${header()}
resource "libvirt_volume" "raw" {
  name     = "${prefix}raw.img"
  pool     = "${POOL}"
  capacity = 1048576
  target = {
    format      = { type = "raw" }
    permissions = { owner = "107", group = "107", mode = "${mode}" }
  }
}

resource "libvirt_volume" "uploaded" {
  name   = "${prefix}uploaded.qcow2"
  pool   = "${POOL}"
  target = { format = { type = "qcow2" } }
  create = { content = { url = "${image}" } }
}
`;

test("permissions are applied to the file, target.path is the volume's path, a qcow2 file is uploaded; a new mode replaces the volume", async () => {
  const image = qcow2Image(suite.ws, "base.qcow2", "16M");
  suite.ws.write("main.tf", config("640", image));
  await suite.ws.apply();
  const raw = (await suite.ws.resource("libvirt_volume.raw"))?.values;
  expect(raw?.target).toEqual({
    format: { type: "raw" },
    permissions: { owner: "107", group: "107", mode: "640", label: null },
    path: raw?.path,
  });
  const file = statSync(raw?.path);
  expect([file.uid, file.gid, file.mode & 0o777]).toEqual([107, 107, 0o640]);
  const xml = await suite.client.volumes.dumpxml(POOL, `${prefix}raw.img`);
  expect(xml).toMatch(/<mode>0640<\/mode>/);

  const uploaded = (await suite.ws.resource("libvirt_volume.uploaded"))?.values;
  expect(uploaded?.target).toMatchObject({ format: { type: "qcow2" }, permissions: null, path: uploaded?.path });
  expect(uploaded?.capacity).toBe(16 * 1024 * 1024);
  const info = JSON.parse(execFileSync("qemu-img", ["info", "--output=json", uploaded?.path], { encoding: "utf8" }));
  expect(info).toMatchObject({ format: "qcow2", "virtual-size": 16 * 1024 * 1024 });
  await expectEmptyPlan(suite.ws);

  // "0640" is the same mode: nothing to do. 0600 is another: libvirt cannot change it, the volume is replaced.
  suite.ws.write("main.tf", config("0640", image));
  expect((await plannedActions(suite.ws))["libvirt_volume.raw"]).toEqual(["update"]);
  await applySavedPlan(suite.ws);
  await expectEmptyPlan(suite.ws);
  suite.ws.write("main.tf", config("0600", image));
  expect((await plannedActions(suite.ws))["libvirt_volume.raw"]).toEqual(["delete", "create"]);
  await applySavedPlan(suite.ws);
  expect(statSync(raw?.path).mode & 0o777).toBe(0o600);
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(await suite.client.volumes.find(POOL, `${prefix}raw.img`)).toBeUndefined();
});

test("a malformed mode or a user name is refused at plan time on target.permissions", async () => {
  for (const permissions of [`{ mode = "rw-r-----" }`, `{ owner = "qemu" }`]) {
    suite.ws.write(
      "main.tf",
      `${header()}resource "libvirt_volume" "bad" {\n  name = "${prefix}bad"\n  pool = "${POOL}"\n  capacity = 1024\n  target = { permissions = ${permissions} }\n}\n`,
    );
    const plan = await suite.ws.plan();
    expect(plan.code).toBe(1);
    expect(plan.output.replace(/\s+/g, " ")).toContain("target.permissions:");
  }
  expect(await suite.client.volumes.find(POOL, `${prefix}bad`)).toBeUndefined();
});
