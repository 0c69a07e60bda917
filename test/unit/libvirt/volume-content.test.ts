// libvirt_volume's create with content from an http URL, against a stand-in client (no libvirtd): the image is
// downloaded once, gives the size when capacity is unset, is uploaded, and its temporary copy is removed.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LibvirtClient, VolumeInfo, VolumeSpec } from "../../../lib/libvirt";
import { Diagnostics } from "../../../lib/provider/framework";
import type { ApplyResponse, ResourceContext } from "../../../lib/provider/framework";
import { volumeResource, volumeSchema } from "../../../lib/provider/libvirt";
import type { LibvirtProviderData } from "../../../lib/provider/libvirt";
import { valuesOf } from "./support/models";

const IMAGE = Buffer.from("cdktf-virt image bytes, 34 of them");
let server: Server;
let requests = 0;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    res.end(IMAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client that keeps one volume in memory and records what was asked of it. */
function fakeClient() {
  const calls = {
    createdCapacity: undefined as number | undefined,
    uploads: [] as Array<{ path: string; bytes: Buffer }>,
  };
  let volume: VolumeInfo | undefined;
  const volumes = {
    find: async () => volume,
    info: async () => volume!,
    create: async (pool: string, spec: VolumeSpec) => {
      calls.createdCapacity = spec.capacity;
      volume = {
        name: spec.name,
        pool,
        type: "file",
        capacity: spec.capacity ?? 0,
        format: spec.format,
        path: `/pool/${spec.name}`,
        key: `/pool/${spec.name}`,
      };
      return volume;
    },
    uploadFile: async (_pool: string, _name: string, path: string) => {
      calls.uploads.push({ path, bytes: readFileSync(path) });
    },
  };
  return { client: { volumes } as unknown as LibvirtClient, calls };
}

test("content from an http URL is downloaded once, sizes the volume and is removed afterwards", async () => {
  const { client, calls } = fakeClient();
  const ctx: ResourceContext<LibvirtProviderData> = {
    providerData: { client: () => client, uri: "test:///fake", shutdownTimeoutMs: 0 },
    signal: new AbortController().signal,
    diagnostics: new Diagnostics(),
    log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  };
  const planned = valuesOf(volumeSchema, {
    name: "img",
    pool: "p",
    capacity: null,
    capacity_unit: null,
    type: null,
    target: null,
    backing_store: null,
    create: { content: { url: `${baseUrl}/image.raw`, checksum: null, max_bytes: null, allow_insecure_http: true } },
  });
  const resp: ApplyResponse<typeof volumeSchema> = { state: null };
  await volumeResource.create({ config: planned, planned }, ctx, resp);

  expect(ctx.diagnostics.all).toEqual([]);
  expect(requests).toBe(1);
  expect(calls.createdCapacity).toBe(IMAGE.length);
  expect(calls.uploads).toHaveLength(1);
  expect(calls.uploads[0].bytes).toEqual(IMAGE);
  expect(existsSync(calls.uploads[0].path)).toBe(false);
  expect(resp.state).toMatchObject({ name: "img", pool: "p", capacity: IMAGE.length, capacity_unit: "bytes" });
});
