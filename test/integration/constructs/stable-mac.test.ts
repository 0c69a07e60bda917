// Stable MAC through the constructs and terraform on the real incusd: a container with stableMac that is replaced
// (an image change) comes back as a new instance with the same MAC.
import type { TerraformStack } from "cdktf";
import { ImageChange, IncusHost, Instance, Network, StoragePool } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, incusConstructsSuite, incusQuery, StackRun } from "./support";

/** The part of the instance's L1 resource this test reads: its NIC devices. */
interface IncusInstanceL1 {
  config: { device: { name: string; properties: { hwaddr: string } }[] };
}

const { prefix, runs, image2 } = incusConstructsSuite("mac", { secondImage: true });

test("a replaced container with stableMac keeps its MAC", async () => {
  const run = new StackRun(`${prefix}-r`);
  runs.push(run);
  const name = `${run.stackName}-app`;
  let mac = "";
  const build = (image: string) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const network = new Network(stack, "net", { host });
    // Replaced on the image change (a rebuild in place, the default, keeps the instance and its MAC anyway).
    const app = new Instance(stack, "app", {
      host,
      network,
      stableMac: true,
      incus: { image, rootDisk: { pool }, changes: { image: ImageChange.REPLACE } },
    });
    mac = (app.node.findChild("Default") as unknown as IncusInstanceL1).config.device.find((d) => d.name === "eth0")!
      .properties.hwaddr;
  };
  const liveMac = () => incusQuery(`/1.0/instances/${name}/state`).network.eth0.hwaddr;
  run.synth(build(TEST_IMAGE));
  await run.deploy();
  const before = { uuid: getInstance(name).config["volatile.uuid"], mac: liveMac() };
  expect(before.mac).toBe(mac);

  run.synth(build(image2));
  const plan = await run.plan();
  expect(plan.output).toMatch(/incus_instance\.app must be replaced/);
  await run.deploy();
  const after = { uuid: getInstance(name).config["volatile.uuid"], mac: liveMac() };
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.mac).toBe(before.mac);

  expect((await run.destroy()).code).toBe(0);
});
