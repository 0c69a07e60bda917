// incus_network_address_set against the real terraform and incusd. Address sets need the API extension
// "network_address_set" (Incus releases after the 6.0 LTS). On a server without it, plan must fail naming the
// extension and the resource, and nothing is created; on a server with it, the set's whole lifecycle is checked.
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let supported: boolean;
let version: string;

beforeAll(async () => {
  h = await harness("aset");
  const server = (await h.client.server.get()).value;
  supported = server.api_extensions.includes("network_address_set");
  version = server.environment?.server_version ?? "";
});

afterAll(async () => {
  await h?.close();
});

function addressSet(name: string, description: string, addresses: readonly string[]): string {
  return `resource "incus_network_address_set" "s" {
  name        = "${name}"
  description = "${description}"
  addresses   = ${JSON.stringify(addresses)}
  config = {
    "user.role" = "test"
  }
}
`;
}

/** On a server with the extension: create, read back, update, drift, import, rename, destroy. */
async function lifecycleOnSupportingServer(): Promise<void> {
  const name = h.name("s");
  const renamed = h.name("r");
  h.cleanup.add(`address set ${name}`, () => h.client.networkAddressSets.delete(name));
  h.cleanup.add(`address set ${renamed}`, () => h.client.networkAddressSets.delete(renamed));

  h.config(addressSet(name, "first", ["10.0.0.1", "10.0.1.0/24"]));
  await h.apply();
  const live = (await h.client.networkAddressSets.get(name)).value;
  expect(live.addresses).toEqual(["10.0.0.1", "10.0.1.0/24"]);
  expect(live.description).toBe("first");
  await h.expectNoChanges();

  h.config(addressSet(name, "second", ["10.0.0.2"]));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.networkAddressSets.get(name)).value.addresses).toEqual(["10.0.0.2"]);

  await h.client.networkAddressSets.patch(name, { addresses: ["10.9.9.9"] });
  expect(await h.expectChanges()).toMatch(/10\.9\.9\.9/);
  await h.apply();
  expect((await h.client.networkAddressSets.get(name)).value.addresses).toEqual(["10.0.0.2"]);

  await h.ws.ok(["state", "rm", "incus_network_address_set.s"]);
  await h.import("incus_network_address_set.s", name);
  await h.expectNoChanges();

  // A new name renames the set in place.
  h.config(addressSet(renamed, "second", ["10.0.0.2"]));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect(await h.client.networkAddressSets.find(name)).toBeUndefined();
  expect(await h.client.networkAddressSets.find(renamed)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networkAddressSets.find(renamed)).toBeUndefined();
}

/** On a server without it: plan and apply fail naming the extension and the resource; nothing is created. */
async function refusedOnOlderServer(): Promise<void> {
  const name = h.name("old");
  h.config(addressSet(name, "first", ["10.0.0.1"]));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  const text = plan.output.replace(/\s+/g, " ");
  expect(text).toMatch(/incus_network_address_set needs the Incus API extension "network_address_set"/);
  expect(text).toContain(`(Incus ${version})`);
  expect(text).toMatch(/with incus_network_address_set\.s/);
  // Not Incus's raw answer for an unknown endpoint.
  expect(text).not.toMatch(/404|Not Found/i);

  const apply = await h.applyFails();
  expectOutput(apply, /needs the Incus API extension "network_address_set"/);
  const state = await h.ws.resource("incus_network_address_set.s");
  expect(state).toBeUndefined();
}

test("incus_network_address_set: full lifecycle where supported, a clear plan error where not", async () => {
  if (supported) await lifecycleOnSupportingServer();
  else await refusedOnOlderServer();
});

test("incus_network_address_set refuses an empty address at plan time, at the element", async () => {
  h.config(addressSet(h.name("empty"), "x", ["10.0.0.1", ""]));
  const plan = await h.run(["validate", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /An address cannot be empty/);
});
