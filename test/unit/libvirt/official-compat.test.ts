// Rules that make official dmacvicar/libvirt 0.9.7 configurations behave, without libvirtd: pool paths compared as
// libvirt stores them, unset domain attributes planned null (prior values kept), and a download whose size is
// announced by nobody refused before anything is written.
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname, join } from "node:path";
import { localIsoPath, removeLocalIso, writeLocalIso } from "../../../lib/provider/libvirt/cloudinit/local-iso";
import { planChange } from "../../../lib/provider/framework/planner";
import { domainResource, poolResource } from "../../../lib/provider/libvirt";
import { sanitizedPoolPath, targetPathState } from "../../../lib/provider/libvirt/pool/target-path";
import { ContentError, localContent } from "../../../lib/provider/libvirt/volume/content";

test("pool target paths: libvirt's sanitised spelling, and the configured one kept when it is the same directory", () => {
  expect(sanitizedPoolPath("/srv/images/")).toBe("/srv/images");
  expect(sanitizedPoolPath("/srv//images//")).toBe("/srv/images");
  expect(sanitizedPoolPath("/")).toBe("/");
  expect(targetPathState("/srv/images", "/srv/images/")).toBe("/srv/images/");
  expect(targetPathState("/srv/other", "/srv/images/")).toBe("/srv/other");
  expect(targetPathState("/srv/images", undefined)).toBe("/srv/images");
});

test("pool target.path: another spelling of the same directory is an update, another directory a replacement", () => {
  const prior = {
    name: "p",
    type: "dir",
    target: { path: "/srv/images/" },
    autostart: true,
    id: "u",
    capacity: 1,
    allocation: 1,
    available: 1,
  };
  const config = (path: string) => ({
    name: "p",
    type: "dir",
    target: { path },
    autostart: null,
    id: null,
    capacity: null,
    allocation: null,
    available: null,
  });
  expect(planChange(poolResource.schema, config("/srv/images"), prior).requiresReplace).toEqual([]);
  expect(planChange(poolResource.schema, config("/srv/images/"), prior).requiresReplace).toEqual([]);
  expect(planChange(poolResource.schema, config("/srv/other"), prior).requiresReplace).toEqual([["target"]]);
});

describe("libvirt_domain autostart and memory_unit left unset", () => {
  const config = { name: "vm", type: "qemu", memory: 65536, autostart: null, memory_unit: null };
  test("a new domain plans them null, not known after apply", () => {
    const { planned } = planChange(domainResource.schema, config, null);
    expect(planned).toMatchObject({ autostart: null, memory_unit: null });
  });
  test("a state with the old defaults keeps them (no change planned); a configured value is planned as given", () => {
    const prior = {
      ...planChange(domainResource.schema, config, null).planned,
      autostart: false,
      memory_unit: "KiB",
      uuid: "u",
      id: "u",
    };
    expect(planChange(domainResource.schema, config, prior).planned).toMatchObject({
      autostart: false,
      memory_unit: "KiB",
    });
    expect(planChange(domainResource.schema, { ...config, autostart: true }, prior).planned).toMatchObject({
      autostart: true,
    });
  });
});

describe("content from a URL that announces no size", () => {
  let server: Server;
  let url: string;
  const signal = new AbortController().signal;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.write(Buffer.alloc(1000, 1)); // chunked: no Content-Length
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/image`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("is refused on create.content.url, naming capacity and max_bytes, when neither bounds it", async () => {
    const err = (await localContent({ url, allowInsecureHttp: true }, signal).catch((e: unknown) => e)) as ContentError;
    expect(err).toBeInstanceOf(ContentError);
    expect(err.attribute).toBe("url");
    expect(err.message).toMatch(/no Content-Length.*neither capacity nor create\.content\.max_bytes/);
  });

  test("is accepted when capacity or max_bytes bounds it", async () => {
    const ok = await localContent({ url, allowInsecureHttp: true, maxBytes: 4096 }, signal);
    expect(ok.size).toBe(1000);
    await ok.dispose();
  });
});

describe("local cloud-init ISO files (a disk without a pool on a host without a pool named default)", () => {
  test("are named per disk and content, and only such files are removed", async () => {
    const name = `t-unit-seed-${process.pid}`;
    const path = localIsoPath(name, "ab".repeat(32));
    expect(basename(path)).toBe(`${name}-abababababababab.iso`);
    await writeLocalIso(path, Buffer.from("iso"));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const other = join(dirname(path), `${name}-notes.txt`);
    writeFileSync(other, "not ours");
    await removeLocalIso(other, name);
    await removeLocalIso(path, "other");
    expect(existsSync(other) && existsSync(path)).toBe(true);
    await removeLocalIso(path, name);
    expect(existsSync(path)).toBe(false);
    rmSync(other);
  });
});
