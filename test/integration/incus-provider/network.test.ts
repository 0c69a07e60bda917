// incus_network against the real terraform and incusd. Every network is an isolated bridge (no addresses,
// no NAT), so nothing leaves the machine. Bridge names are limited to 15 characters.
import { randomBytes } from "node:crypto";
import { OWNER_KEY } from "../../../lib/provider/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("net");
});

afterAll(async () => {
  await h?.close();
});

/** `t-n-<8 hex>`: unique and short enough for a bridge. */
function bridgeName(): string {
  const name = `t-n-${randomBytes(4).toString("hex")}`;
  h.cleanup.add(`network ${name}`, () => h.client.networks.delete(name));
  return name;
}

function isolated(name: string, extra = ""): string {
  return `resource "incus_network" "n" {
  name = "${name}"
  config = {
    "ipv4.address" = "none"
    "ipv6.address" = "none"
${extra}
  }
}
`;
}

test("incus_network create, no-op plan, update, drift, import, replace, destroy", async () => {
  const name = bridgeName();
  h.config(isolated(name, `    "user.role" = "test"`));
  await h.apply();

  const live = (await h.client.networks.get(name)).value;
  expect(live.type).toBe("bridge");
  expect(live.config["ipv4.address"]).toBe("none");
  const state = await h.ws.resource("incus_network.n");
  expect(state?.values).toMatchObject({ type: "bridge", managed: true, description: "" });
  expect(state?.values.config).toEqual({ "ipv4.address": "none", "ipv6.address": "none", "user.role": "test" });
  await h.expectNoChanges();

  // In-place update of config and description.
  h.config(
    isolated(name, `    "user.role" = "changed"\n    "bridge.mtu" = "1400"`).replace(
      `name = "${name}"`,
      `name = "${name}"\n  description = "updated"`,
    ),
  );
  await h.apply();
  const updated = (await h.client.networks.get(name)).value;
  expect(updated.description).toBe("updated");
  expect(updated.config["user.role"]).toBe("changed");
  expect(updated.config["bridge.mtu"]).toBe("1400");
  await h.expectNoChanges();

  // Drift: a configured key changed out of band comes back on apply.
  await h.client.networks.patch(name, { config: { "user.role": "tampered" } });
  expectOutput(await h.apply(), /"user\.role"\s+= "tampered" -> "changed"/);
  expect((await h.client.networks.get(name)).value.config["user.role"]).toBe("changed");

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network.n"]);
  await h.import("incus_network.n", name);
  await h.expectNoChanges();

  // Deleted out of band → planned for creation again.
  await h.client.networks.delete(name);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect(await h.client.networks.find(name)).toBeDefined();

  // A new name replaces the network.
  const other = bridgeName();
  h.config(isolated(other));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networks.find(name)).toBeUndefined();
  expect(await h.client.networks.find(other)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networks.find(other)).toBeUndefined();
});

test("incus_network adopt-on-create by owner marker; foreign networks are refused", async () => {
  const mine = bridgeName();
  const foreign = bridgeName();
  await h.client.networks.create({
    name: mine,
    config: { "ipv4.address": "none", "ipv6.address": "none", [OWNER_KEY]: "s/n" },
  });
  await h.client.networks.create({
    name: foreign,
    config: { "ipv4.address": "none", "ipv6.address": "none", "user.keep": "1" },
  });

  h.config(isolated(mine, `    "${OWNER_KEY}" = "s/n"\n    "user.adopted" = "yes"`));
  await h.apply();
  expect((await h.client.networks.get(mine)).value.config["user.adopted"]).toBe("yes");
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.networks.find(mine)).toBeUndefined();

  h.config(isolated(foreign, `    "${OWNER_KEY}" = "s/n"`));
  const r = await h.applyFails();
  expectOutput(r, /incus_network "t-n-[0-9a-f]+" already exists/);
  expectOutput(r, /terraform import incus_network\.<resource name>/);
  expect((await h.client.networks.get(foreign)).value.config["user.keep"]).toBe("1");
  expect((await h.client.networks.get(foreign)).value.config[OWNER_KEY]).toBeUndefined();
});
