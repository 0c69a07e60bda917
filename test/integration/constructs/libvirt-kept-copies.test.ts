// A libvirt pool of the stack that holds kept copies, through the constructs and the real terraform and libvirtd: a
// RETAIN volume (kept, with its release record) and a SNAPSHOT volume (deleted after its final copy) in the stack's
// own pool. `cdktf destroy` carries out both policies, then leaves the pool in place, drops it from the state and
// says so: no error, and the bytes of both kept copies are still in the pool's directory.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LibvirtHost, RemovalPolicy, StoragePool, Volume, VolumeFormat } from "../../../lib";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

jest.setTimeout(300_000);

const lv = libvirtConstructsSuite("lvkeep");

test("destroy keeps the pool that holds a retained volume and a final copy, with their bytes", async () => {
  const { run } = lv;
  const bytes = randomBytes(1024 * 1024);
  const content = join(run.root, "content.img");
  writeFileSync(content, bytes);
  const poolDir = join(run.root, "pool");
  const pool = `${lv.stackName}-pool`;
  run.synth((stack) => {
    const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
    const own = new StoragePool(stack, "pool", { host, path: poolDir, name: pool });
    for (const [id, removalPolicy] of [
      ["ret", RemovalPolicy.RETAIN],
      ["snp", RemovalPolicy.SNAPSHOT],
    ] as const) {
      new Volume(stack, id, { pool: own, removalPolicy, libvirt: { format: VolumeFormat.RAW, sourceUrl: content } });
    }
  });
  await run.deploy();

  const destroyed = await run.destroy();
  const output = destroyed.output.replace(/\s+/g, " ");
  expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
  expect(output).toContain(`Pool ${pool} was kept`);
  expect(output).toContain(`virsh -c ${LIBVIRT_TEST_URI} vol-delete --pool ${pool} ${lv.stackName}-ret`);
  expect((await run.run(["state", "list"])).output.trim()).toBe("");

  const files = readdirSync(poolDir).sort();
  const final = files.find((f) => f.startsWith(`${lv.stackName}-snp-final-`));
  expect(files).toEqual([`${lv.stackName}-ret`, `${lv.stackName}-ret.cdktf-virt-released`, final].sort());
  expect(readFileSync(join(poolDir, `${lv.stackName}-ret`)).equals(bytes)).toBe(true);
  expect(readFileSync(join(poolDir, final!)).equals(bytes)).toBe(true);

  // The test removes what the destroy kept: the copies, then the pool.
  for (const file of files) lv.virsh("vol-delete", "--pool", pool, file);
  lv.virsh("pool-destroy", pool);
  lv.virsh("pool-undefine", pool);
});
