// incus_profile against the real terraform and incusd: config and device blocks, drift of devices, import
// with a project, replacement, destroy of a vanished profile, taking over a project's default profile, and a
// config key set to null (kept as a null element in state).
import { OWNER_KEY } from "../../../lib/provider/incus";
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("prof");
});

afterAll(async () => {
  await h?.close();
});

function track(name: string, project?: string): string {
  h.cleanup.add(`profile ${name}`, () => h.client.profiles.delete(name, project ? { project } : {}));
  return name;
}

function profile(name: string, body: string): string {
  return `resource "incus_profile" "p" {\n  name = "${name}"\n${body}\n}\n`;
}

const ROOT = `  device {\n    name = "root"\n    type = "disk"\n    properties = { path = "/", pool = "${TEST_POOL}" }\n  }\n`;

test("incus_profile create, no-op plan, update, device drift, import, replace, destroy", async () => {
  const name = track(h.name());
  h.config(profile(name, `  config = { "limits.cpu" = "1", "${OWNER_KEY}" = "s/p" }\n${ROOT}`));
  await h.apply();
  const live = (await h.client.profiles.get(name)).value;
  expect(live.config).toEqual({ "limits.cpu": "1", [OWNER_KEY]: "s/p" });
  expect(live.devices).toEqual({ root: { type: "disk", path: "/", pool: TEST_POOL } });
  expect((await h.ws.resource("incus_profile.p"))?.values).toMatchObject({ project: "default", description: "" });
  await h.expectNoChanges();

  // Add a device and change config in place.
  const tmp = `  device {\n    name = "tmp"\n    type = "disk"\n    properties = { source = "/tmp", path = "/mnt/tmp" }\n  }\n`;
  h.config(
    profile(name, `  description = "web"\n  config = { "limits.cpu" = "2", "${OWNER_KEY}" = "s/p" }\n${ROOT}${tmp}`),
  );
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.profiles.get(name)).value;
  expect(updated).toMatchObject({ description: "web", config: { "limits.cpu": "2" } });
  expect(updated.devices.tmp).toEqual({ type: "disk", source: "/tmp", path: "/mnt/tmp" });
  await h.expectNoChanges();

  // A device changed out of band and a device added out of band are drift; apply restores the configured set.
  await h.client.profiles.update(name, {
    description: "web",
    config: updated.config,
    devices: {
      ...updated.devices,
      tmp: { type: "disk", source: "/var/tmp", path: "/mnt/tmp" },
      extra: { type: "none" },
    },
  });
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const restored = (await h.client.profiles.get(name)).value.devices;
  expect(Object.keys(restored).sort()).toEqual(["root", "tmp"]);
  expect(restored.tmp.source).toBe("/tmp");

  await h.ws.ok(["state", "rm", "incus_profile.p"]);
  await h.import("incus_profile.p", `default/${name}`);
  await h.expectNoChanges();

  await h.client.profiles.delete(name);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);

  const renamed = track(h.name("r"));
  h.config(
    profile(renamed, `  description = "web"\n  config = { "limits.cpu" = "2", "${OWNER_KEY}" = "s/p" }\n${ROOT}${tmp}`),
  );
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.profiles.find(name)).toBeUndefined();

  await h.client.profiles.delete(renamed);
  expectOutput(await h.destroyWithoutRefresh(), /1 destroyed/);
});

test("incus_profile in a project: the project's default profile is taken over and reset on destroy", async () => {
  const project = h.name("proj");
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  const mine = track(h.name("own"), project);
  h.config(`resource "incus_project" "p" {
  name   = "${project}"
  config = { "features.profiles" = "true", "features.images" = "false" }
}
resource "incus_profile" "d" {
  name    = "default"
  project = incus_project.p.name
  config  = { "user.note" = "managed" }
${ROOT}}
resource "incus_profile" "own" {
  name    = "${mine}"
  project = incus_project.p.name
}
`);
  const applied = await h.apply();
  expectOutput(applied, /Taking over the default profile/);
  expect((await h.client.profiles.get("default", { project })).value).toMatchObject({
    config: { "user.note": "managed" },
    devices: { root: { pool: TEST_POOL } },
  });
  expect(await h.client.profiles.find(mine, { project })).toBeDefined();
  await h.expectNoChanges();

  await h.ws.ok(["state", "rm", "incus_profile.own"]);
  await h.import("incus_profile.own", `${project}/${mine}`);
  await h.expectNoChanges();

  // Destroying resets the default profile (the project itself can then be deleted).
  await h.ws.ok(["destroy", "-auto-approve", "-input=false", "-target=incus_profile.d"]);
  expect((await h.client.profiles.get("default", { project })).value).toMatchObject({ config: {}, devices: {} });
  await h.ws.destroy();
  expect(await h.client.projects.find(project)).toBeUndefined();
});

test("incus_profile config key set to null stays a null element: apply succeeds, plan empty, then set in place", async () => {
  const name = track(h.name("null"));
  const config = (cpu: string): string => profile(name, `  config = { "limits.cpu" = ${cpu}, "user.role" = "web" }\n`);
  h.config(config("null"));
  await h.apply();
  expect((await h.client.profiles.get(name)).value.config).toEqual({ "user.role": "web" });
  expect((await h.ws.resource("incus_profile.p"))?.values.config).toEqual({ "limits.cpu": null, "user.role": "web" });
  await h.expectNoChanges();

  // An import cannot know the null element: the first plan adds it back, changing nothing in Incus.
  await h.ws.ok(["state", "rm", "incus_profile.p"]);
  await h.import("incus_profile.p", name);
  expect(await h.expectChanges()).toMatch(/"limits\.cpu" = null/);

  h.config(config(`"1"`));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.profiles.get(name)).value.config).toEqual({ "limits.cpu": "1", "user.role": "web" });
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.profiles.find(name)).toBeUndefined();
});
