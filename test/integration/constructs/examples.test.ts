// The homelab example deploys on the local Incus as the README's first command does (synth, then terraform in
// cdktf.out/stacks/<stack> with the providers the synth put there), the plan after it is empty, and it comes down
// again once its data volume's protection is lifted.
import { HomelabStack } from "../../../examples/homelab/stack";
import { SharedDiskStack } from "../../../examples/shared-disk/stack";
import { requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { forceCleanup, getInstance, getVolume, incusQuery, shIn, StackRun, volumesWithPrefix } from "./support";

const prefix = uniqueName("constructs");
const client = testClient();
const runs: StackRun[] = [];

beforeAll(async () => {
  await requireIncus(client);
});

afterAll(async () => {
  for (const run of runs) run.cleanup();
  forceCleanup(prefix, [TEST_POOL]);
  await client.close();
});

describe("examples on the real incusd", () => {
  test.concurrent(
    "homelab deploys: project, isolated network, pool, db with data + scratch, web with its files",
    async () => {
      const run = new StackRun(`${prefix}-hl`);
      runs.push(run);
      const name = (id: string) => `${run.stackName}-${id}`;
      const synthHomelab = (unprotected: boolean) =>
        run.synthStack((app, stackName) => new HomelabStack(app, stackName, { image: TEST_IMAGE, unprotected }));
      synthHomelab(false);
      await run.deploy();

      const project = name("apps");
      expect(incusQuery(`/1.0/projects/${project}`).config).toMatchObject({
        "features.images": "false",
        "features.profiles": "false",
      });
      const pool = incusQuery(`/1.0/storage-pools/${name("pool")}`);
      expect(pool.driver).toBe("dir");
      const db = getInstance(name("db"), project);
      const web = getInstance(name("web"), project);
      expect(db.status).toBe("Running");
      expect(web.status).toBe("Running");
      const network = incusQuery(`/1.0/networks/${db.devices.eth0.network}`);
      expect(network.config).toMatchObject({
        "ipv4.address": "none",
        "ipv6.address": "none",
        "user.cdktf-virt.owner": `${run.stackName}/net`,
      });
      expect(shIn(name("web"), "cat /srv/www/index.html", project)).toMatch(/hello from cdktf-virt/);
      expect(shIn(name("db"), "cat /etc/db/db.conf", project)).toMatch(/data_dir=\/var\/lib\/db/);
      expect(getVolume(name("pool"), name("dbdata"), project).config["user.cdktf-virt.protect"]).toBe("true");
      expect(getVolume(name("pool"), name("scratch"), project)).toBeDefined();

      synthHomelab(true);
      await run.deploy();
      expect((await run.destroy()).code).toBe(0);
      expect(incusQuery(`/1.0/projects/${project}`)).toBeUndefined();
      expect(incusQuery(`/1.0/storage-pools/${name("pool")}`)).toBeUndefined();
    },
  );

  test.concurrent("shared-disk deploys: both nodes see the shared volume", async () => {
    const run = new StackRun(`${prefix}-sd`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    const synthShared = (unprotected: boolean) =>
      run.synthStack((app, stackName) => new SharedDiskStack(app, stackName, { image: TEST_IMAGE, unprotected }));
    synthShared(false);
    await run.deploy();
    shIn(name("node1"), "echo shared-bytes > /shared/f");
    expect(shIn(name("node2"), "cat /shared/f")).toBe("shared-bytes\n");
    synthShared(true);
    await run.deploy();
    expect((await run.destroy()).code).toBe(0);
    expect(incusQuery(`/1.0/storage-pools/${name("pool")}`)).toBeUndefined();
    expect(volumesWithPrefix(TEST_POOL, run.stackName)).toEqual([]);
  });
});
