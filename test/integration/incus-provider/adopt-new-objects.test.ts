// Adopt-on-create for a NetworkForward, through the construct, the real terraform and incusd: a deploy that died
// after Incus created the forward (simulated by creating it out of band with the marker the synthesized config
// carries) is adopted by the next apply, converged to the plan, and then plans no change; a forward of the same
// listen address without the marker (someone else's) fails the apply with the import command and stays as it was.
// Cluster groups carry no marker (docs/incus-provider.md: their config needs an API extension Incus 6.0 lacks).
import { randomBytes, randomInt } from "node:crypto";
import { IncusHost, Network, NetworkForward } from "../../../lib";
import { OWNER_KEY } from "../../../lib/provider/incus";
import { incusSuite } from "../../support/incus-suite";
import { SynthesizedStack } from "../../support/synthesized-stack";

jest.setTimeout(240_000);

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

const { client, cleanup } = incusSuite();
const suffix = randomBytes(3).toString("hex");
const bridge = `t-adopt-${suffix}`;
const octet = randomInt(100, 250);
const stacks: SynthesizedStack[] = [];
afterAll(() => stacks.forEach((s) => s.cleanup()));

beforeAll(async () => {
  await client.networks.create({
    name: bridge,
    config: { "ipv4.address": `10.214.${octet}.1/24`, "ipv4.nat": "false", "ipv6.address": "none" },
  });
  cleanup.add(`network ${bridge}`, () => client.networks.delete(bridge));
});

/** A stack holding one NetworkForward "fwd" on the test bridge. */
function forwardStack(listenAddress: string): SynthesizedStack {
  const run = new SynthesizedStack(`t-adopt-${randomBytes(3).toString("hex")}`);
  stacks.push(run);
  run.synth((stack) => {
    const host = new IncusHost(stack, "local");
    const network = Network.fromName(stack, "net", host, bridge);
    new NetworkForward(stack, "fwd", { network, listenAddress, description: "planned" });
  });
  return run;
}

/** Creates a forward out of band; removed after the last test. */
async function plantForward(listenAddress: string, config: Record<string, string>): Promise<void> {
  await client.networkForwards.create(bridge, { listen_address: listenAddress, description: "planted", config });
  cleanup.add(`forward ${listenAddress}`, () => client.networkForwards.delete(bridge, listenAddress));
}

describe("adopt-on-create for objects that gained the ownership marker", () => {
  test("a forward left by a died deploy is adopted, converged, and then plans no change", async () => {
    const listen = `198.51.100.${octet}`;
    const run = forwardStack(listen);
    await plantForward(listen, { [OWNER_KEY]: `${run.stackName}/fwd` });
    await run.init();
    await run.ok(["apply", "-auto-approve", "-input=false"]);
    const live = (await client.networkForwards.get(bridge, listen)).value;
    expect(live.description).toBe("planned");
    expect(live.config?.[OWNER_KEY]).toBe(`${run.stackName}/fwd`);
    expect((await run.plan()).code).toBe(0);
  });

  test("a forward without the marker is refused with the import command and left untouched", async () => {
    const listen = `198.51.100.${octet + 1}`;
    await plantForward(listen, { "user.planted": "1" });
    const run = forwardStack(listen);
    await run.init();
    const r = await run.run(["apply", "-auto-approve", "-input=false"]);
    expect(r.code).toBe(1);
    const out = flat(r.output);
    expect(out).toContain(`incus_network_forward "${bridge}/${listen}" already exists`);
    expect(out).toMatch(
      new RegExp(`terraform import incus_network_forward\\.<resource name> \\S*${bridge}/${listen} `),
    );
    const live = (await client.networkForwards.get(bridge, listen)).value;
    expect(live.description).toBe("planted");
    expect(live.config).toEqual({ "user.planted": "1" });
  });
});
