// Networks and profiles against the real incusd. Test networks are isolated bridges without
// addresses, so no traffic can leave the machine.
import { isConflict, isNotFound } from "../../../lib/incus";
import { Cleanup, TEST_POOL, requireIncus, testClient, uniqueName } from "../../support/incus";

jest.setTimeout(60_000);

const client = testClient();
const cleanup = new Cleanup();
const ISOLATED = { "ipv4.address": "none", "ipv6.address": "none" };

beforeAll(async () => {
  await requireIncus(client, { image: false });
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    await client.close();
  }
});

/** Network interface names are limited to 15 characters. */
function networkName(): string {
  return uniqueName("n").slice(0, 15);
}

test("networks: create, read, list, patch, update, rename, delete", async () => {
  const name = networkName();
  const renamed = networkName();
  cleanup.add(`network ${name}`, () => client.networks.delete(name));
  cleanup.add(`network ${renamed}`, () => client.networks.delete(renamed));

  await client.networks.create({ name, type: "bridge", config: ISOLATED, description: "isolated" });
  const read = await client.networks.get(name);
  expect(read.value).toMatchObject({ name, type: "bridge", managed: true, description: "isolated" });
  expect(read.value.config).toMatchObject(ISOLATED);
  expect((await client.networks.list()).map((n) => n.name)).toContain(name);

  await client.networks.patch(name, { config: { "user.note": "x" } }, { etag: read.etag });
  expect((await client.networks.get(name)).value.config["user.note"]).toBe("x");
  await client.networks.update(name, { config: { ...ISOLATED, "bridge.mtu": "1400" }, description: "put" });
  const put = (await client.networks.get(name)).value;
  expect(put.config["bridge.mtu"]).toBe("1400");
  expect(put.config["user.note"]).toBeUndefined();

  expect(isConflict(await client.networks.create({ name, config: ISOLATED }).catch((e: unknown) => e))).toBe(true);

  await client.networks.rename(name, renamed);
  expect(await client.networks.find(name)).toBeUndefined();
  await client.networks.delete(renamed);
  expect(isNotFound(await client.networks.get(renamed).catch((e: unknown) => e))).toBe(true);
});

test("profiles: create with devices, read, patch, update, rename, delete", async () => {
  const name = uniqueName("incus");
  const renamed = `${name}-r`;
  cleanup.add(`profile ${name}`, () => client.profiles.delete(name));
  cleanup.add(`profile ${renamed}`, () => client.profiles.delete(renamed));

  const devices = { root: { type: "disk", path: "/", pool: TEST_POOL } };
  await client.profiles.create({ name, config: { "limits.cpu": "1" }, devices, description: "small" });
  const read = await client.profiles.get(name);
  expect(read.value).toMatchObject({ name, description: "small", config: { "limits.cpu": "1" }, devices });

  await client.profiles.patch(name, { config: { "limits.memory": "256MiB" } }, { etag: read.etag });
  expect((await client.profiles.get(name)).value.config).toEqual({ "limits.cpu": "1", "limits.memory": "256MiB" });
  await client.profiles.update(name, { config: {}, devices: {}, description: "empty" });
  expect((await client.profiles.get(name)).value).toMatchObject({ config: {}, devices: {}, description: "empty" });

  expect(isConflict(await client.profiles.create({ name }).catch((e: unknown) => e))).toBe(true);

  await client.profiles.rename(name, renamed);
  expect((await client.profiles.list()).map((p) => p.name)).toContain(renamed);
  await client.profiles.delete(renamed);
  expect(await client.profiles.find(renamed)).toBeUndefined();
});

test("calls are scoped by ?project=", async () => {
  const project = uniqueName("incus");
  const profile = uniqueName("incus");
  cleanup.add(`project ${project}`, () => client.projects.delete(project));
  cleanup.add(`profile ${profile} in ${project}`, () => client.profiles.delete(profile, { project }));
  await client.projects.create({ name: project, config: { "features.profiles": "true" } });

  await client.profiles.create({ name: profile, description: "in project" }, { project });
  expect((await client.profiles.get(profile, { project })).value.description).toBe("in project");
  expect(await client.profiles.find(profile)).toBeUndefined();
  expect((await client.profiles.list({ project })).map((p) => p.name)).toEqual(
    expect.arrayContaining(["default", profile]),
  );
  await client.profiles.delete(profile, { project });
  await client.projects.delete(project);
});
