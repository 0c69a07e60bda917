// Server info and projects against the real incusd: CRUD, ETags, 404/409/412 recognition.
import { IncusPreconditionFailedError, isConflict, isNotFound, isPreconditionFailed } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { uniqueName } from "../../support/incus";
import { incusSuite } from "../../support/incus-suite";

jest.setTimeout(30_000);

const { client, cleanup } = incusSuite();

test("server info reports version, trust and environment with an ETag", async () => {
  const { value, etag } = await client.server.get();
  expect(value.api_version).toBe("1.0");
  expect(value.auth).toBe("trusted");
  expect(value.api_extensions).toContain("etag");
  expect(value.environment?.server).toBe("incus");
  expect(value.environment?.server_version).toMatch(/^\d+\.\d+/);
  expect(value.environment?.certificate).toContain("BEGIN CERTIFICATE");
  expect(etag).toMatch(/^"?[0-9a-f]{64}"?$/);
});

test("projects: create, read, list, patch, update, rename, delete", async () => {
  const name = uniqueName("incus");
  const renamed = `${name}-r`;
  cleanup.add(`project ${name}`, () => client.projects.delete(name));
  cleanup.add(`project ${renamed}`, () => client.projects.delete(renamed));

  await client.projects.create({
    name,
    description: "first",
    config: { "features.images": "false", "features.profiles": "false" },
  });
  const read = await client.projects.get(name);
  expect(read.value.description).toBe("first");
  expect(read.value.config["features.images"]).toBe("false");
  expect((await client.projects.list()).map((p) => p.name)).toContain(name);

  await client.projects.patch(name, { description: "patched" }, { etag: read.etag });
  const patched = await client.projects.get(name);
  expect(patched.value.description).toBe("patched");
  expect(patched.value.config["features.images"]).toBe("false");

  await client.projects.update(name, {
    description: "replaced",
    config: { "features.images": "false", "features.profiles": "false", "user.note": "x" },
  });
  expect((await client.projects.get(name)).value.config["user.note"]).toBe("x");

  await client.projects.rename(name, renamed);
  expect(await client.projects.find(name)).toBeUndefined();
  expect((await client.projects.get(renamed)).value.description).toBe("replaced");

  await client.projects.delete(renamed);
  expect(await client.projects.find(renamed)).toBeUndefined();
});

test("a missing object is NOT_FOUND with Incus's own message, method and path", async () => {
  const name = uniqueName("incus");
  const err = (await client.projects.get(name).catch((e: unknown) => e)) as IncusError;
  expect(isNotFound(err)).toBe(true);
  expect(err.status).toBe(404);
  expect(err.method).toBe("GET");
  expect(err.path).toBe(`/1.0/projects/${name}`);
  expect(err.incusMessage).toMatch(/not found/i);
  expect(err.message).toContain(err.incusMessage);
});

test("creating an existing project is a CONFLICT", async () => {
  const name = uniqueName("incus");
  cleanup.add(`project ${name}`, () => client.projects.delete(name));
  await client.projects.create({ name });
  const err = await client.projects.create({ name }).catch((e: unknown) => e);
  expect(isConflict(err)).toBe(true);
  await client.projects.delete(name);
});

test("an update with a stale ETag is PRECONDITION_FAILED (412) and changes nothing", async () => {
  const name = uniqueName("incus");
  cleanup.add(`project ${name}`, () => client.projects.delete(name));
  await client.projects.create({ name, description: "v1" });
  const stale = await client.projects.get(name);
  await client.projects.patch(name, { description: "v2" }, { etag: stale.etag });

  const err = (await client.projects
    .patch(name, { description: "v3" }, { etag: stale.etag })
    .catch((e: unknown) => e)) as IncusError;
  expect(isPreconditionFailed(err)).toBe(true);
  expect(err).toBeInstanceOf(IncusPreconditionFailedError);
  expect(err.status).toBe(412);
  expect((await client.projects.get(name)).value.description).toBe("v2");
  await client.projects.delete(name);
});
