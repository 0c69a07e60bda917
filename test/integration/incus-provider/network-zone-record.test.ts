// incus_network_zone_record against the real terraform and incusd: entries as a set (order does not matter),
// the TTL default, update in place, drift of an entry, import as zone/name with an empty plan after it,
// replacement on a new name, a record deleted out of band, destroy; and entry validation at plan time.
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let zone: string;

beforeAll(async () => {
  h = await harness("zrec");
  zone = `${h.name()}.example.test`;
  await h.client.networkZones.create({ name: zone });
  h.cleanup.add(`network zone ${zone}`, () => h.client.networkZones.delete(zone));
});

afterAll(async () => {
  await h?.close();
});

function record(name: string, body: string): string {
  return `resource "incus_network_zone_record" "r" {\n  zone = "${zone}"\n  name = "${name}"\n${body}\n}\n`;
}

const entry = (type: string, value: string, ttl?: number): string =>
  `  entry {\n    type  = "${type}"\n    value = "${value}"\n${ttl === undefined ? "" : `    ttl   = ${ttl}\n`}  }\n`;

const sorted = (entries: readonly { type: string; value: string; ttl?: number }[] | null) =>
  [...(entries ?? [])].sort((a, b) => `${a.type}${a.value}`.localeCompare(`${b.type}${b.value}`));

test("incus_network_zone_record create, update, drift, import, replace, destroy", async () => {
  h.config(
    record("www", entry("A", "192.0.2.10") + entry("AAAA", "2001:db8::10", 60) + `  config = { "user.a" = "1" }`),
  );
  await h.apply();

  const live = (await h.client.networkZoneRecords.get(zone, "www")).value;
  expect(sorted(live.entries)).toEqual([
    { type: "A", value: "192.0.2.10", ttl: 300 },
    { type: "AAAA", value: "2001:db8::10", ttl: 60 },
  ]);
  expect(live.config).toEqual({ "user.a": "1" });
  await h.expectNoChanges();

  // Entries in another order: still no change.
  h.config(
    record("www", entry("AAAA", "2001:db8::10", 60) + entry("A", "192.0.2.10") + `  config = { "user.a" = "1" }`),
  );
  await h.expectNoChanges();

  // In place: an entry replaced, a description set, the config emptied (left out, it would keep its keys:
  // config is optional and computed, as upstream).
  h.config(record("www", entry("A", "192.0.2.11") + entry("TXT", "hello") + `  description = "web"\n  config = {}`));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.networkZoneRecords.get(zone, "www")).value;
  expect(updated.description).toBe("web");
  expect(sorted(updated.entries)).toEqual([
    { type: "A", value: "192.0.2.11", ttl: 300 },
    { type: "TXT", value: "hello", ttl: 300 },
  ]);
  expect(updated.config ?? {}).toEqual({});
  await h.expectNoChanges();

  // Drift: an entry changed out of band shows in the plan; apply restores it.
  await h.client.networkZoneRecords.update(zone, "www", {
    description: "web",
    entries: [
      { type: "A", value: "192.0.2.99", ttl: 300 },
      { type: "TXT", value: "hello", ttl: 300 },
    ],
  });
  expect(await h.expectChanges()).toMatch(/192\.0\.2\.99/);
  await h.apply();
  expect(sorted((await h.client.networkZoneRecords.get(zone, "www")).value.entries)[0].value).toBe("192.0.2.11");

  // Import as <zone>/<name>: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_zone_record.r"]);
  await h.import("incus_network_zone_record.r", `/${zone}/www`);
  await h.expectNoChanges();

  // Deleted out of band: planned for creation again.
  await h.client.networkZoneRecords.delete(zone, "www");
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect(await h.client.networkZoneRecords.find(zone, "www")).toBeDefined();

  // A new name replaces the record.
  h.config(record("mail", entry("A", "192.0.2.11") + entry("TXT", "hello") + `  description = "web"\n  config = {}`));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkZoneRecords.find(zone, "www")).toBeUndefined();
  expect(await h.client.networkZoneRecords.find(zone, "mail")).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networkZoneRecords.find(zone, "mail")).toBeUndefined();
});

test("an unknown entry type and a TTL of 0 are refused at plan time, at the attribute", async () => {
  h.config(record("bad", entry("MX", "mail.example.test") + entry("A", "192.0.2.1", 0)));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /"MX"/);
  expectOutput(plan, /must be at least 1, got 0/);
  expect(await h.client.networkZoneRecords.find(zone, "bad")).toBeUndefined();
});
