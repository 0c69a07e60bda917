// incus_project against the real terraform and incusd: create, read, no-op plan, in-place update, replacement,
// import, drift (changed and deleted out of band), destroy, adopt-on-create and force_destroy.
import { OWNER_KEY } from "../../../lib/provider/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("proj");
});

afterAll(async () => {
  await h?.close();
});

function project(name: string, body = ""): string {
  return `resource "incus_project" "p" {\n  name = "${name}"\n${body}\n}\n`;
}

test("incus_project create, no-op plan, update, drift, import, replace, destroy", async () => {
  const name = h.name();
  h.cleanup.add(`project ${name}`, () => h.client.projects.delete(name));
  h.config(project(name, `  description = "first"\n  config = { "user.team" = "a", "features.images" = "false" }`));
  await h.apply();

  const live = (await h.client.projects.get(name)).value;
  expect(live.description).toBe("first");
  expect(live.config["user.team"]).toBe("a");
  expect(live.config["features.images"]).toBe("false");
  const state = await h.ws.resource("incus_project.p");
  // Server-set feature flags the user did not configure stay out of state.
  expect(state?.values.config).toEqual({ "features.images": "false", "user.team": "a" });
  expect(state?.values.force_destroy).toBe(false);
  await h.expectNoChanges();

  // In-place update.
  h.config(project(name, `  description = "second"\n  config = { "user.team" = "b", "features.images" = "false" }`));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.projects.get(name)).value.description).toBe("second");
  expect((await h.client.projects.get(name)).value.config["user.team"]).toBe("b");
  await h.expectNoChanges();

  // Out-of-band change of a configured key and an added user.* key both show as drift and are reverted.
  await h.client.projects.patch(name, { config: { "user.team": "x", "user.extra": "y" } });
  const reverting = await h.apply();
  expectOutput(reverting, /"user\.extra"\s+= "y" -> null/);
  expectOutput(reverting, /"user\.team"\s+= "x" -> "b"/);
  const reverted = (await h.client.projects.get(name)).value.config;
  expect(reverted["user.team"]).toBe("b");
  expect(reverted["user.extra"]).toBeUndefined();

  // Import into a fresh state.
  await h.ws.ok(["state", "rm", "incus_project.p"]);
  await h.import("incus_project.p", name);
  await h.expectNoChanges();

  // Deleted out of band: the next apply re-creates it.
  await h.client.projects.delete(name);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect((await h.client.projects.find(name))?.value.description).toBe("second");

  // Renaming replaces.
  const renamed = h.name("r");
  h.cleanup.add(`project ${renamed}`, () => h.client.projects.delete(renamed));
  h.config(project(renamed, `  description = "second"`));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.projects.find(name)).toBeUndefined();
  expect(await h.client.projects.find(renamed)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.projects.find(renamed)).toBeUndefined();

  // Deleting a project that vanished out of band succeeds (the official provider errors here).
  await h.apply();
  await h.client.projects.delete(renamed);
  expectOutput(await h.destroyWithoutRefresh(), /1 destroyed/);
});

test("incus_project import ID with a project part is rejected", async () => {
  h.config(project(h.name("imp")));
  const r = await h.run(["import", "-input=false", "incus_project.p", "local:proj/x"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /takes no project part/);
});

test("incus_project adopts an object carrying its owner marker and refuses a foreign one", async () => {
  const mine = h.name("own");
  const foreign = h.name("foreign");
  h.cleanup.add(`project ${mine}`, () => h.client.projects.delete(mine));
  h.cleanup.add(`project ${foreign}`, () => h.client.projects.delete(foreign));
  await h.client.projects.create({ name: mine, config: { [OWNER_KEY]: "stack/p" } });
  await h.client.projects.create({ name: foreign, description: "someone else's" });

  h.config(project(mine, `  description = "adopted"\n  config = { "${OWNER_KEY}" = "stack/p" }`));
  await h.apply();
  expect((await h.client.projects.get(mine)).value.description).toBe("adopted");
  await h.expectNoChanges();
  await h.ws.ok(["state", "rm", "incus_project.p"]);

  h.config(project(foreign, `  config = { "${OWNER_KEY}" = "stack/p" }`));
  const r = await h.applyFails();
  expectOutput(r, /already exists/);
  expectOutput(r, new RegExp(`terraform import incus_project\\.<resource name> ${foreign}`));
  expect((await h.client.projects.get(foreign)).value.description).toBe("someone else's");
});

test("incus_project force_destroy removes a project that still holds objects", async () => {
  const name = h.name("force");
  h.cleanup.add(`project ${name}`, () => h.client.projects.delete(name));
  h.config(project(name, `  force_destroy = true\n  config = { "features.profiles" = "true" }`));
  await h.apply();
  await h.client.profiles.create({ name: "extra" }, { project: name });
  await h.ws.destroy();
  expect(await h.client.projects.find(name)).toBeUndefined();
});
