// doctor's image check: the starter stack's image judged from what the host and the image server answered,
// with the closest names and how to import one; and the default it assumes is the one `init` writes.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Server } from "../../../lib/incus";
import { STARTER_IMAGE, checkImage } from "../../../lib/tooling/doctor";
import type { DoctorProbes, ImageProbe } from "../../../lib/tooling/doctor";
import { doctorMain } from "../../../lib/tooling";
import { memoryIO } from "./support/io";

describe("checkImage", () => {
  test("an image on the host is fine", () => {
    expect(
      checkImage("debian-13", true, { kind: "local", fingerprint: "d2a8e051fe02aaaa", names: ["debian-13"] }),
    ).toMatchObject({
      status: "ok",
      summary: 'image "debian-13" (INCUS_IMAGE) is on the Incus host (d2a8e051fe02)',
    });
  });

  test("a missing INCUS_IMAGE fails with the closest names and how to import one", () => {
    const result = checkImage("debain-13", true, { kind: "local", fingerprint: null, names: ["debian-13", "alpine"] });
    expect(result).toMatchObject({
      status: "fail",
      summary: expect.stringContaining("is not on the Incus host"),
      details: ["closest images on this host: debian-13"],
    });
    expect(result.fix).toMatch(/incus image import .* --alias debian-13/);
    expect(checkImage("zzz", true, { kind: "local", fingerprint: null, names: ["b", "a"] }).details).toEqual([
      "images on this host: a, b",
    ]);
    expect(checkImage("zzz", true, { kind: "local", fingerprint: null, names: [] }).details).toEqual([
      "this host has no images",
    ]);
  });

  test("the default image on an unreachable image server is a warning, never a failure", () => {
    const probe: ImageProbe = {
      kind: "server",
      server: "https://images.linuxcontainers.org",
      error: "getaddrinfo ENOTFOUND",
      names: ["cdktf-virt-busybox"],
    };
    const result = checkImage(STARTER_IMAGE, false, probe);
    expect(result).toMatchObject({
      status: "warn",
      summary: expect.stringContaining("did not answer from here (getaddrinfo ENOTFOUND)"),
    });
    expect(result.details).toEqual(["images on this host: cdktf-virt-busybox"]);
    expect(checkImage(STARTER_IMAGE, false, { ...probe, error: null })).toMatchObject({ status: "ok" });
  });

  test("the default is the image the starter stack uses", () => {
    const templates = fs.readFileSync(path.join(__dirname, "../../../lib/cli/init/templates.ts"), "utf8");
    expect(templates).toContain(`process.env.INCUS_IMAGE ?? "${STARTER_IMAGE}"`);
  });
});

describe("doctor runs the image check once Incus answers", () => {
  const server = { auth: "trusted", api_version: "1.0", environment: { server_version: "6.0.4" } } as unknown as Server;
  function probes(image: ImageProbe, asked: string[]): DoctorProbes {
    return {
      nodeVersion: "v20.1.0",
      run: async () => ({
        kind: "exited",
        code: 0,
        stdout: JSON.stringify({ terraform_version: "1.11.4" }),
        stderr: "",
      }),
      probeIncus: async () => ({ server }),
      socketExists: () => true,
      providerLayout: () => ({
        types: [],
        version: "0.1.0",
        packageRoot: os.tmpdir(),
        mirrorDir: os.tmpdir(),
        builtPath: () => "",
        mirrorPath: () => "",
      }),
      probeImage: async (_socket, name) => {
        asked.push(name);
        return image;
      },
    };
  }

  test("INCUS_IMAGE is looked up; missing, doctor exits 1 and says what to do", async () => {
    const asked: string[] = [];
    const io = memoryIO({ env: { HOME: os.tmpdir(), INCUS_IMAGE: "debain-13" } });
    expect(await doctorMain([], io, probes({ kind: "local", fingerprint: null, names: ["debian-13"] }, asked))).toBe(1);
    expect(asked).toEqual(["debain-13"]);
    expect(io.out()).toMatch(/^FAIL\s+image\s+image "debain-13" \(INCUS_IMAGE\) is not on the Incus host/m);
    expect(io.out()).toContain("closest images on this host: debian-13");
  });
});
