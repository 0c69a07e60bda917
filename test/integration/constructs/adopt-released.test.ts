// Adopting a released Incus volume through the constructs, on the real incusd: a stack lets a volume go with
// RemovalPolicy.RETAIN, a second stack takes it over with adoptReleased and sees the same bytes; a third stack that
// asks for the same volume — now owned by a live stack — fails with an error naming the owner, and nothing changes.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getVolume, incusConstructsSuite, shIn, StackRun } from "./support";

const { prefix, runs } = incusConstructsSuite("adopt");

/** Terraform wraps long diagnostics; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

function newRun(tag: string): StackRun {
  const run = new StackRun(`${prefix}-${tag}`);
  runs.push(run);
  return run;
}

/** A container with the volume `volumeName` attached at /data (adopted when `adopt` is given). */
function stackWith(opts: {
  volumeName?: string;
  adopt?: boolean | string;
  policy: RemovalPolicy;
  withVolume?: boolean;
}) {
  return (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    if (opts.withVolume === false) return;
    const data = new Volume(stack, "data", {
      pool,
      name: opts.volumeName,
      size: "64MiB",
      removalPolicy: opts.policy,
      adoptReleased: opts.adopt,
    });
    app.attach(data, { path: "/data" });
  };
}

test("a second stack adopts a released volume with adoptReleased and sees its bytes; a volume a live stack owns is refused", async () => {
  const first = newRun("one");
  const volume = `${first.stackName}-data`;
  first.synth(stackWith({ policy: RemovalPolicy.RETAIN }));
  await first.deploy();
  shIn(`${first.stackName}-app`, "echo 'written by the first stack' > /data/proof.txt");
  first.synth(stackWith({ policy: RemovalPolicy.RETAIN, withVolume: false }));
  await first.deploy();
  expect(getVolume(TEST_POOL, volume).config["user.cdktf-virt.owner"]).toBe(`released:${first.stackName}/data`);

  // The second stack names the volume and asks for exactly that release.
  const second = newRun("two");
  second.synth(stackWith({ volumeName: volume, adopt: `${first.stackName}/data`, policy: RemovalPolicy.DESTROY }));
  await second.deploy();
  expect(shIn(`${second.stackName}-app`, "cat /data/proof.txt")).toBe("written by the first stack\n");
  expect(getVolume(TEST_POOL, volume).config["user.cdktf-virt.owner"]).toBe(`${second.stackName}/data`);
  expect((await second.ok(["state", "list"])).output).toMatch(/incus_storage_volume\.data/);

  // A third stack asking for "any released volume" of that name: it is owned by the second stack now.
  const third = newRun("three");
  third.synth(stackWith({ volumeName: volume, adopt: true, policy: RemovalPolicy.DESTROY }));
  await third.init();
  const refused = await third.run(["apply", "-auto-approve", "-input=false"]);
  expect(refused.code).toBe(1);
  expect(flat(refused.output)).toContain(
    `It is marked as owned by "${second.stackName}/data", not "${third.stackName}/data". It was left untouched.`,
  );
  expect(getVolume(TEST_POOL, volume).config["user.cdktf-virt.owner"]).toBe(`${second.stackName}/data`);
  expect(shIn(`${second.stackName}-app`, "cat /data/proof.txt")).toBe("written by the first stack\n");
  await third.destroy();

  expect((await second.destroy()).code).toBe(0);
  expect(getVolume(TEST_POOL, volume)).toBeUndefined();
  expect((await first.destroy()).code).toBe(0);
});
