// The streaming multipart body used for image uploads: exact bytes, declared length, file parts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { multipartBody } from "../../../lib/incus/multipart";

const work = mkdtempSync(join(tmpdir(), "incus-multipart-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test("parts from memory and from files are framed exactly and the length is right", async () => {
  const file = join(work, "rootfs.tar.gz");
  const fileBytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256));
  writeFileSync(file, fileBytes);
  const body = await multipartBody([
    { name: "metadata", filename: "meta.tar", content: Buffer.from("META") },
    { name: "rootfs", filename: "rootfs.tar.gz", content: { path: file } },
  ]);
  const bytes = await collect(body.stream);
  expect(bytes.length).toBe(body.contentLength);

  const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": body.contentType } }).formData();
  const meta = form.get("metadata") as File;
  const rootfs = form.get("rootfs") as File;
  expect(meta.name).toBe("meta.tar");
  expect(await meta.text()).toBe("META");
  expect(rootfs.name).toBe("rootfs.tar.gz");
  expect(Buffer.from(await rootfs.arrayBuffer()).equals(fileBytes)).toBe(true);
});

test("a missing file is reported before anything is sent", async () => {
  await expect(
    multipartBody([{ name: "rootfs", filename: "x", content: { path: join(work, "nope.tar") } }]),
  ).rejects.toMatchObject({
    code: "INVALID_OPTIONS",
    message: expect.stringContaining("nope.tar"),
  });
});

test("each body gets its own boundary", async () => {
  const a = await multipartBody([{ name: "m", filename: "f", content: Buffer.from("x") }]);
  const b = await multipartBody([{ name: "m", filename: "f", content: Buffer.from("x") }]);
  expect(a.contentType).not.toBe(b.contentType);
});
