// Calibrates the fuzzing oracles (support/incus-rules.ts) against the real incusd: every case in the tables is
// tried on the daemon, and the daemon's verdict must match both the table and the oracle. If Incus changes its
// rules, this fails first, instead of the fuzz tests silently checking against a wrong idea of Incus.
import type { IncusClient } from "../../../lib/incus";
import { Cleanup, requireIncus, rootDisk, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { incusNameProblem, incusSizeProblem, NAME_CALIBRATION, SIZE_CALIBRATION } from "./support/incus-rules";
import type { IncusObjectKind } from "./support/incus-rules";

let client: IncusClient;
const cleanup = new Cleanup();

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    await client?.close();
  }
});

/** Tries to create an object of `kind` called `name`; registers its deletion. Returns the daemon's error, if any. */
async function tryCreate(kind: IncusObjectKind, name: string): Promise<Error | undefined> {
  try {
    switch (kind) {
      case "instance":
        cleanup.add(`instance ${name}`, () => client.instances.delete(name));
        await client.instances.create({
          name,
          source: { type: "image", alias: TEST_IMAGE },
          devices: rootDisk(),
          start: false,
        });
        break;
      case "project":
        cleanup.add(`project ${name}`, () => client.projects.delete(name));
        await client.projects.create({ name, config: {} });
        break;
      case "profile":
        cleanup.add(`profile ${name}`, () => client.profiles.delete(name));
        await client.profiles.create({ name });
        break;
      case "volume":
        cleanup.add(`volume ${name}`, () => client.storageVolumes.delete(TEST_POOL, name));
        await client.storageVolumes.create(TEST_POOL, { name });
        break;
      case "storage-pool":
        cleanup.add(`pool ${name}`, () => client.storagePools.delete(name));
        await client.storagePools.create({ name, driver: "dir" });
        break;
      case "network":
        cleanup.add(`network ${name}`, () => client.networks.delete(name));
        await client.networks.create({ name, config: { "ipv4.address": "none", "ipv6.address": "none" } });
        break;
    }
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

describe("the fuzzing oracles match the real Incus", () => {
  test.each(NAME_CALIBRATION.map(([kind, suffix, accepted]) => [kind, suffix, accepted] as const))(
    "%s name <prefix>%s accepted: %s",
    async (kind, suffix, accepted) => {
      const name = `${uniqueName("rel")}${suffix}`;
      const error = await tryCreate(kind, name);
      expect({ name, daemonAccepted: error === undefined, daemonError: error?.message }).toEqual(
        expect.objectContaining({ daemonAccepted: accepted }),
      );
      expect({ name, oracleAccepted: incusNameProblem(kind, name) === undefined }).toEqual({
        name,
        oracleAccepted: accepted,
      });
    },
  );

  const sizeSites: readonly (readonly [string, (size: string) => Promise<void>])[] = [
    [
      "volume config.size",
      async (size) => {
        const name = uniqueName("rel");
        cleanup.add(`volume ${name}`, () => client.storageVolumes.delete(TEST_POOL, name));
        await client.storageVolumes.create(TEST_POOL, { name, config: { size } });
      },
    ],
    [
      "instance limits.memory",
      async (size) => {
        const name = uniqueName("rel");
        cleanup.add(`instance ${name}`, () => client.instances.delete(name));
        await client.instances.create({
          name,
          source: { type: "image", alias: TEST_IMAGE },
          devices: rootDisk(),
          config: { "limits.memory": size },
          start: false,
        });
      },
    ],
    [
      "root disk size",
      async (size) => {
        const name = uniqueName("rel");
        cleanup.add(`instance ${name}`, () => client.instances.delete(name));
        const devices = { root: { ...rootDisk().root, size } };
        await client.instances.create({ name, source: { type: "image", alias: TEST_IMAGE }, devices, start: false });
      },
    ],
  ];
  const sizeCases = sizeSites.flatMap(([site, create]) =>
    SIZE_CALIBRATION.map(([size, accepted]) => [site, size, accepted, create] as const),
  );

  test.each(sizeCases)("%s %j accepted: %s", async (_site, size, accepted, create) => {
    let error: Error | undefined;
    try {
      await create(size);
    } catch (err) {
      error = err as Error;
    }
    expect({ size, daemonAccepted: error === undefined, daemonError: error?.message }).toEqual(
      expect.objectContaining({ daemonAccepted: accepted }),
    );
    expect({ size, oracleAccepted: incusSizeProblem(size) === undefined }).toEqual({ size, oracleAccepted: accepted });
  });
});
