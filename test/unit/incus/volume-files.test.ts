// The requests behind incus_storage_volume's file blocks: the volume files API
// (/1.0/storage-pools/POOL/volumes/custom/NAME/files, extension file_storage_volume) takes the instance files
// API's headers; a sync creates parent directories, uploads new blocks, deletes and re-uploads changed ones and
// deletes removed ones. The Incus 6.0 test hosts lack this API, so the shapes are checked on a stand-in.
import type { FileBlockValue } from "../../../lib/provider/incus/instance/files";
import { syncFilesIn } from "../../../lib/provider/incus/instance/files";
import { errorEnvelope, sendJson, startFakeIncus, sync } from "./fake-incus";
import type { FakeIncus } from "./fake-incus";

let fake: FakeIncus;

beforeAll(async () => {
  fake = await startFakeIncus((req, res) => {
    // Nothing exists yet: every GET is a 404, every write succeeds.
    if (req.method === "GET") return sendJson(res, 404, errorEnvelope(404, "not found"));
    return sendJson(res, 200, sync({}));
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const FILES = "/1.0/storage-pools/pool1/volumes/custom/vol1/files";

function block(overrides: Partial<FileBlockValue>): FileBlockValue {
  return {
    content: "Hello, World!\n",
    source_path: null,
    target_path: "/foo/bar.txt",
    uid: null,
    gid: null,
    mode: "0644",
    directory_mode: null,
    create_directories: true,
    append: false,
    ...overrides,
  };
}

function summary(): string[] {
  return fake.requests.map((r) =>
    `${r.method} ${r.pathname} ${r.query.get("path")} ${r.headers["x-incus-type"] ?? ""} ${
      r.headers["x-incus-mode"] ?? ""
    }`.trim(),
  );
}

test("a new block creates the parent directory and uploads the file into the volume", async () => {
  const files = fake.client().storageVolumes.files("pool1", "vol1");
  await syncFilesIn(files, [], [block({})], { project: "p1" });
  expect(summary()).toEqual([
    `GET ${FILES} /foo`,
    `POST ${FILES} /foo directory 0755`,
    `POST ${FILES} /foo/bar.txt file 0644`,
  ]);
  const upload = fake.requests[2];
  expect(Object.fromEntries(upload.query)).toEqual({ path: "/foo/bar.txt", project: "p1" });
  expect(upload.headers).toMatchObject({
    "content-type": "application/octet-stream",
    "x-incus-uid": "0",
    "x-incus-gid": "0",
    "x-incus-write": "overwrite",
  });
  expect(upload.body.toString()).toBe("Hello, World!\n");
});

test("a changed mode deletes and re-uploads; a removed block deletes its file (fileUploadContent steps 2-4)", async () => {
  const files = fake.client().storageVolumes.files("pool1", "vol1");
  await syncFilesIn(
    files,
    [block({})],
    [block({ mode: "0777", directory_mode: "0777", create_directories: false })],
    {},
  );
  expect(summary()).toEqual([`DELETE ${FILES} /foo/bar.txt`, `POST ${FILES} /foo/bar.txt file 0777`]);
  fake.requests.length = 0;
  await syncFilesIn(files, [block({ mode: "0777" })], [], {});
  expect(summary()).toEqual([`DELETE ${FILES} /foo/bar.txt`]);
  fake.requests.length = 0;
  await syncFilesIn(files, [block({})], [block({})], {});
  expect(fake.requests).toEqual([]);
});
