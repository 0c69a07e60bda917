// doctor's image check against the real incusd: the image the starter stack would deploy (INCUS_IMAGE) found on
// the host, and a misspelt one reported with the closest image the host has and how to import one.
import { doctorMain } from "../../../lib/tooling";
import type { CheckResult } from "../../../lib/tooling";
import { TEST_IMAGE, requireIncus, testClient } from "../../support/incus";
import { memoryIO } from "../../unit/tooling/support/io";

const client = testClient();
beforeAll(() => requireIncus(client));
afterAll(() => client.close());
jest.setTimeout(60_000);

async function imageCheck(image: string): Promise<{ code: number; check: CheckResult | undefined }> {
  const io = memoryIO({ env: { ...process.env, INCUS_IMAGE: image } });
  const code = await doctorMain(["--json"], io);
  const report = JSON.parse(io.out()) as { checks: CheckResult[] };
  return { code, check: report.checks.find((c) => c.name === "image") };
}

test("INCUS_IMAGE on the host is ok; misspelt, doctor fails with the closest image and how to import one", async () => {
  expect((await imageCheck(TEST_IMAGE)).check).toMatchObject({
    status: "ok",
    summary: expect.stringContaining(`image "${TEST_IMAGE}" (INCUS_IMAGE) is on the Incus host`),
  });
  const typo = await imageCheck(`${TEST_IMAGE}x`);
  expect(typo.code).toBe(1);
  expect(typo.check).toMatchObject({
    status: "fail",
    summary: expect.stringContaining("is not on the Incus host"),
    details: [expect.stringContaining(`closest images on this host: ${TEST_IMAGE}`)],
    fix: expect.stringContaining("incus image import"),
  });
});
