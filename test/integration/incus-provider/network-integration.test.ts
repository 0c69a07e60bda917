// incus_network_integration against the real terraform and incusd. Incus stores an integration without contacting
// OVN (only a network peer using it would), so the object's whole lifecycle runs here on its own: create, read back,
// update in place, drift, import with an empty plan after it, replacement, destroy. The northbound address given
// here is never dialled; a remote peer through a working integration is in ovn-resources.test.ts.
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("nint");
});

afterAll(async () => {
  await h?.close();
});

function integrationName(suffix: string): string {
  const name = h.name(suffix);
  h.cleanup.add(`network integration ${name}`, () => h.client.networkIntegrations.delete(name));
  return name;
}

function integration(name: string, body: string): string {
  return `resource "incus_network_integration" "i" {\n  name = "${name}"\n  type = "ovn"\n${body}\n}\n`;
}

const NB = `"ovn.northbound_connection" = "tcp:127.0.0.1:6641"`;

test("incus_network_integration create, update, drift, import, replace, destroy", async () => {
  const name = integrationName("a");
  h.config(integration(name, `  config = { ${NB} }`));
  await h.apply();

  const live = (await h.client.networkIntegrations.get(name)).value;
  expect(live).toMatchObject({ name, type: "ovn", description: "" });
  expect(live.config).toEqual({ "ovn.northbound_connection": "tcp:127.0.0.1:6641" });
  await h.expectNoChanges();

  // In place: description and config.
  h.config(
    integration(name, `  description = "ic"\n  config = { ${NB}, "ovn.transit.pattern" = "ts-{{ peerName }}" }`),
  );
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.networkIntegrations.get(name)).value;
  expect(updated.description).toBe("ic");
  expect(updated.config?.["ovn.transit.pattern"]).toBe("ts-{{ peerName }}");
  await h.expectNoChanges();

  // Drift: a key changed out of band shows in the plan; apply restores it.
  await h.client.networkIntegrations.patch(name, { config: { "ovn.northbound_connection": "tcp:127.0.0.2:6641" } });
  expect(await h.expectChanges()).toMatch(/"tcp:127\.0\.0\.2:6641" -> "tcp:127\.0\.0\.1:6641"/);
  await h.apply();
  expect((await h.client.networkIntegrations.get(name)).value.config?.["ovn.northbound_connection"]).toBe(
    "tcp:127.0.0.1:6641",
  );

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_integration.i"]);
  await h.import("incus_network_integration.i", name);
  await h.expectNoChanges();

  // A new name replaces the integration.
  const other = integrationName("b");
  h.config(integration(other, `  config = { ${NB} }`));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkIntegrations.find(name)).toBeUndefined();
  expect(await h.client.networkIntegrations.find(other)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networkIntegrations.find(other)).toBeUndefined();
});

test("a type other than ovn is refused at plan time", async () => {
  h.config(`resource "incus_network_integration" "i" {\n  name = "${h.name("bad")}"\n  type = "vxlan"\n}\n`);
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /"ovn"/);
});
