// incus_server against the real terraform and incusd. It changes the daemon's own configuration, so the test sets
// only user.* keys of its own (harmless: Incus stores them and acts on none), checks they were unset before it
// started, never touches another key, and unsets its keys afterwards whatever happens. Covered: create, read back,
// update in place (a key changed, one dropped and unset), drift, a key the resource does not list left alone,
// replacement (another remote name for the same daemon), and destroy unsetting exactly the managed keys.
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let keys: { a: string; b: string; other: string };

beforeAll(async () => {
  h = await harness("srv");
  keys = { a: `user.${h.name("a")}`, b: `user.${h.name("b")}`, other: `user.${h.name("other")}` };
  const before = (await h.client.server.get()).value.config;
  for (const key of Object.values(keys)) expect(before[key]).toBeUndefined();
  h.cleanup.add("the test's server keys", () =>
    h.client.server.patchConfig(Object.fromEntries(Object.values(keys).map((k) => [k, ""]))),
  );
});

afterAll(async () => {
  await h?.close();
});

const SOCK_REMOTE = `  remote {\n    name    = "sock"\n    address = "unix:///var/lib/incus/unix.socket"\n  }`;

function server(config: Record<string, string | null>, extra = ""): string {
  const entries = Object.entries(config)
    .map(([k, v]) => `    "${k}" = ${v === null ? "null" : `"${v}"`}`)
    .join("\n");
  return `resource "incus_server" "s" {\n${extra}  config = {\n${entries}\n  }\n}\n`;
}

const liveConfig = async (): Promise<Record<string, string>> => (await h.client.server.get()).value.config;

test("incus_server create, update, drift, replace, destroy; other keys untouched", async () => {
  // A key the resource does not list: set out of band, it must survive everything below.
  await h.client.server.patchConfig({ [keys.other]: "mine" });

  h.config(server({ [keys.a]: "1", [keys.b]: "2" }), SOCK_REMOTE);
  await h.apply();
  let live = await liveConfig();
  expect(live[keys.a]).toBe("1");
  expect(live[keys.b]).toBe("2");
  const state = await h.ws.resource("incus_server.s");
  expect(state?.values.config).toEqual({ [keys.a]: "1", [keys.b]: "2" });
  await h.expectNoChanges();

  // In place: a changed, b dropped (and unset on the server).
  h.config(server({ [keys.a]: "3" }), SOCK_REMOTE);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  live = await liveConfig();
  expect(live[keys.a]).toBe("3");
  expect(live[keys.b]).toBeUndefined();
  await h.expectNoChanges();

  // Drift: a managed key changed out of band shows in the plan; apply restores it. Unmanaged keys never show.
  await h.client.server.patchConfig({ [keys.a]: "tampered", [keys.b]: "back" });
  const plan = await h.expectChanges();
  expect(plan).toMatch(new RegExp(`"${keys.a.replace(/\./g, "\\.")}"\\s+= "tampered" -> "3"`));
  expect(plan).not.toContain(keys.b);
  expect(plan).not.toContain(keys.other);
  await h.apply();
  expect((await liveConfig())[keys.a]).toBe("3");
  await h.client.server.patchConfig({ [keys.b]: "" });

  // Another remote replaces the resource: the keys are unset, then set again through the new remote. A key set to
  // null is not managed (left unset) and stays a null element in state.
  h.config(server({ [keys.a]: "3", [keys.b]: null }, `  remote = "sock"\n`), SOCK_REMOTE);
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  live = await liveConfig();
  expect(live[keys.a]).toBe("3");
  expect(live[keys.b]).toBeUndefined();
  expect((await h.ws.resource("incus_server.s"))?.values.config).toEqual({ [keys.a]: "3", [keys.b]: null });
  await h.expectNoChanges();

  // Destroy unsets the managed key only.
  await h.ws.destroy();
  live = await liveConfig();
  expect(live[keys.a]).toBeUndefined();
  expect(live[keys.other]).toBe("mine");
});

test("an empty value is refused at plan time, at the attribute", async () => {
  h.config(server({ [keys.a]: "" }));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /empty values unset a server key/);
  expect((await liveConfig())[keys.a]).toBeUndefined();
});
