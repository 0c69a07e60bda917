// incus_network_zone against the real terraform and incusd: create, read back, update in place, drift of a
// config key, import with an empty plan after it, replacement on a new name, a zone deleted out of band, destroy.
// Zones are DNS names only: nothing is served or resolved outside incusd.
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("zone");
});

afterAll(async () => {
  await h?.close();
});

function zoneName(suffix: string, project?: string): string {
  const name = `${h.name(suffix)}.example.test`;
  h.cleanup.add(`network zone ${name}`, () => h.client.networkZones.delete(name, project ? { project } : {}));
  return name;
}

function zone(name: string, body: string): string {
  return `resource "incus_network_zone" "z" {\n  name = "${name}"\n${body}\n}\n`;
}

test("incus_network_zone create, update, drift, import, replace, destroy", async () => {
  const name = zoneName("a");
  h.config(
    zone(name, `  description = "first"\n  config = { "user.role" = "test", "dns.nameservers" = "ns1.example.test" }`),
  );
  await h.apply();

  const live = (await h.client.networkZones.get(name)).value;
  expect(live.description).toBe("first");
  expect(live.config).toEqual({ "user.role": "test", "dns.nameservers": "ns1.example.test" });
  const state = await h.ws.resource("incus_network_zone.z");
  expect(state?.values).toMatchObject({ name, description: "first", project: null, remote: null });
  await h.expectNoChanges();

  // In place: description and a config key change, another key goes.
  h.config(zone(name, `  description = "second"\n  config = { "user.role" = "changed" }`));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.networkZones.get(name)).value;
  expect(updated.description).toBe("second");
  expect(updated.config).toEqual({ "user.role": "changed" });
  await h.expectNoChanges();

  // Drift: a key changed and a key added out of band show in the plan; apply restores the configuration.
  await h.client.networkZones.patch(name, { config: { "user.role": "tampered", "user.extra": "x" } });
  const plan = await h.expectChanges();
  expect(plan).toMatch(/"user\.role"\s+= "tampered" -> "changed"/);
  expect(plan).toMatch(/"user\.extra"\s+= "x" -> null/);
  await h.apply();
  expect((await h.client.networkZones.get(name)).value.config).toEqual({ "user.role": "changed" });

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_zone.z"]);
  await h.import("incus_network_zone.z", name);
  await h.expectNoChanges();

  // Deleted out of band: planned for creation again.
  await h.client.networkZones.delete(name);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect(await h.client.networkZones.find(name)).toBeDefined();

  // A new name replaces the zone.
  const other = zoneName("b");
  h.config(zone(other, `  config = { "user.role" = "changed" }`));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkZones.find(name)).toBeUndefined();
  expect(await h.client.networkZones.find(other)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networkZones.find(other)).toBeUndefined();
});

test("incus_network_zone in a project, imported with the project in the ID", async () => {
  const project = h.name("proj");
  await h.client.projects.create({ name: project, config: { "features.networks.zones": "true" } });
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  const name = zoneName("p", project);
  h.config(zone(name, `  project = "${project}"`));
  await h.apply();
  expect((await h.client.networkZones.get(name, { project })).value.name).toBe(name);
  expect(await h.client.networkZones.find(name)).toBeUndefined();

  await h.ws.ok(["state", "rm", "incus_network_zone.z"]);
  await h.import("incus_network_zone.z", `${project}/${name}`);
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.networkZones.find(name, { project })).toBeUndefined();
});

test("an empty project is refused at plan time, at the attribute", async () => {
  h.config(zone(`${h.name("e")}.example.test`, `  project = ""`));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /must not be empty/);
  expectOutput(plan, /project = ""/);
});
