// The rules of the issue that go beyond the official provider, through the real terraform and incusd:
// a failure after the instance exists leaves it tracked (tainted) instead of orphaned; an instance a dead run
// left behind is adopted through its ownership marker while any other is left alone with the import command
// named; `-parallelism=10` against one daemon works; StopProvider (Ctrl-C) ends a long wait promptly.
import { TEST_IMAGE, rootDisk, uniqueName } from "../../support/incus";
import { INCUS_PROVIDER_HCL, incusTerraformSuite, rootDeviceHcl } from "../../support/incus-suite";
import { waitFor } from "../../support/terraform";

const OWNER = "user.cdktf-virt.owner";

function instanceHcl(resource: string, name: string, extra = ""): string {
  return `
resource "incus_instance" ${JSON.stringify(resource)} {
  name  = ${name}
  image = ${JSON.stringify(TEST_IMAGE)}
${rootDeviceHcl()}${extra}
}
`;
}

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");
// Real terraform + incusd steps take seconds each (jest's default is 5 s).
jest.setTimeout(120_000);

describe("incus_instance behaviour beyond the official provider", () => {
  const { client, workspace, removeInstance } = incusTerraformSuite();

  test("a failing exec after create leaves the instance tracked and tainted; the next apply replaces it", async () => {
    const name = uniqueName("taint");
    removeInstance(name);
    const main = (command: string) =>
      INCUS_PROVIDER_HCL +
      instanceHcl(
        "c",
        JSON.stringify(name),
        `\n  exec = {\n    "10-step" = { command = ["sh", "-c", ${JSON.stringify(command)}] }\n  }`,
      );
    const ws = await workspace("t-inst-taint", main("echo broken >&2; exit 3"));
    const failed = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(failed.code).toBe(1);
    expect(flat(failed.output)).toMatch(/exited with status 3/);
    expect(flat(failed.output)).toMatch(/stderr: broken/);
    const tracked = await ws.resource("incus_instance.c");
    expect(tracked?.tainted).toBe(true);
    const first = (await client.instances.get(name)).value.config["volatile.uuid"];

    ws.write("main.tf", main("true"));
    const applied = await ws.apply(); // apply prints the plan it carries out
    expect(flat(applied.output)).toMatch(/incus_instance\.c is tainted, so must be replaced/);
    expect((await client.instances.get(name)).value.config["volatile.uuid"]).not.toBe(first);
    expect((await ws.resource("incus_instance.c"))?.tainted).toBeFalsy();
    await ws.destroy();
  });

  test("adopt on create: same marker converges, no marker is left alone with the import command", async () => {
    const mine = uniqueName("adopt");
    const theirs = uniqueName("foreign");
    removeInstance(mine);
    removeInstance(theirs);
    const marker = `stack/${mine}`;
    // A previous run that died right after creating the instance (stopped, an old config value).
    await client.instances.create({
      name: mine,
      source: { type: "image", alias: TEST_IMAGE },
      devices: rootDisk(),
      config: { [OWNER]: marker, "user.v": "old" },
    });
    await client.instances.create({
      name: theirs,
      source: { type: "image", alias: TEST_IMAGE },
      devices: rootDisk(),
      config: { "user.v": "keep" },
    });
    const uuid = (await client.instances.get(mine)).value.config["volatile.uuid"];

    const config = `\n  config = {\n    ${JSON.stringify(OWNER)} = ${JSON.stringify(
      marker,
    )}\n    "user.v" = "new"\n  }`;
    const ws = await workspace("t-inst-adopt", INCUS_PROVIDER_HCL + instanceHcl("mine", JSON.stringify(mine), config));
    await ws.apply();
    const adopted = (await client.instances.get(mine)).value;
    expect(adopted.config["volatile.uuid"]).toBe(uuid);
    expect(adopted.config["user.v"]).toBe("new");
    expect(adopted.status).toBe("Running");
    const plan = await ws.plan();
    expect(plan.code).toBe(0);

    ws.write(
      "main.tf",
      INCUS_PROVIDER_HCL +
        instanceHcl("mine", JSON.stringify(mine), config) +
        instanceHcl("theirs", JSON.stringify(theirs)),
    );
    const refused = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(refused.code).toBe(1);
    expect(flat(refused.output)).toMatch(new RegExp(`incus_instance "${theirs}" already exists`));
    expect(flat(refused.output)).toMatch(
      new RegExp(`terraform import incus_instance\\.<resource name> ${theirs},image=${TEST_IMAGE}`),
    );
    const untouched = (await client.instances.get(theirs)).value;
    expect(untouched.config["user.v"]).toBe("keep");
    expect(untouched.status).toBe("Stopped");
    expect(await ws.resource("incus_instance.theirs")).toBeUndefined();
  });

  test("ten instances with -parallelism=10", async () => {
    const prefix = uniqueName("par");
    for (let i = 0; i < 10; i++) removeInstance(`${prefix}-${i}`);
    const main =
      INCUS_PROVIDER_HCL +
      instanceHcl(
        "many",
        `"${prefix}-\${count.index}"`,
        `\n  config = { "user.index" = tostring(count.index) }`,
      ).replace('resource "incus_instance" "many" {', 'resource "incus_instance" "many" {\n  count = 10');
    const ws = await workspace("t-inst-par", main);
    await ws.apply(["-parallelism=10"]);
    for (let i = 0; i < 10; i++) {
      const live = (await client.instances.get(`${prefix}-${i}`)).value;
      expect(live.status).toBe("Running");
      expect(live.config["user.index"]).toBe(String(i));
    }
    const plan = await ws.plan(["-parallelism=10"]);
    expect(plan.code).toBe(0);
    await ws.ok(["destroy", "-auto-approve", "-input=false", "-parallelism=10"]);
    for (let i = 0; i < 10; i++) expect(await client.instances.find(`${prefix}-${i}`)).toBeUndefined();
  });

  test("Ctrl-C during a long wait_for stops promptly and keeps the instance in state", async () => {
    const name = uniqueName("stop");
    removeInstance(name);
    const wait = `\n  wait_for {\n    type  = "delay"\n    delay = "5m"\n  }`;
    const ws = await workspace("t-inst-stop", INCUS_PROVIDER_HCL + instanceHcl("c", JSON.stringify(name), wait));
    const child = ws.spawn(["apply", "-auto-approve", "-input=false"]);
    const done = waitFor(child, 60_000);
    // Interrupt once the instance runs, i.e. while the provider sits in the delay.
    for (let i = 0; i < 100; i++) {
      const live = await client.instances.find(name);
      if (live?.value.status === "Running") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2000)); // the provider notices "Running" on its next poll
    const interruptedAt = Date.now();
    child.kill("SIGINT");
    const result = await done;
    expect(Date.now() - interruptedAt).toBeLessThan(15_000);
    expect(result.code).not.toBe(0);
    expect(flat(result.output)).toMatch(/Stopped waiting for the wait_for delay/);
    expect((await ws.resource("incus_instance.c"))?.tainted).toBe(true);
    await ws.destroy();
    expect(await client.instances.find(name)).toBeUndefined();
  });
});
