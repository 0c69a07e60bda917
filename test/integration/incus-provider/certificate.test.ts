// incus_certificate against the real terraform and incusd's trust store: create (the fingerprint computed),
// update in place (name, description, restriction to a project), drift, import by fingerprint with an empty plan
// after it, the same certificate with other line breaks (no replacement), another certificate (replacement),
// a certificate already trusted (refused, left alone), destroy. Every certificate is made here and never used.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { certificateFingerprint } from "../../../lib/incus";
import { makeCertificate } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await harness("cert");
  dir = mkdtempSync(join(tmpdir(), "t-cert-"));
});

afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh certificate, its fingerprint, and its removal from the trust store after the tests. */
function newCertificate(cn: string): { pem: string; fingerprint: string } {
  const pem = makeCertificate(dir, h.name(cn)).cert;
  const fingerprint = certificateFingerprint(pem);
  h.cleanup.add(`certificate ${fingerprint}`, () => h.client.certificates.delete(fingerprint));
  return { pem, fingerprint };
}

function resource(name: string, file: string, body = ""): string {
  return `resource "incus_certificate" "c" {\n  name        = "${name}"\n  certificate = file("${file}")\n${body}\n}\n`;
}

function writePem(name: string, pem: string): string {
  h.ws.write(name, pem);
  return name;
}

test("incus_certificate create, update, drift, import, replace, destroy", async () => {
  const first = newCertificate("a");
  const name = h.name("a");
  h.config(resource(name, writePem("a.pem", first.pem)));
  await h.apply();

  const live = (await h.client.certificates.get(first.fingerprint)).value;
  expect(live).toMatchObject({ name, type: "client", restricted: false, description: "" });
  const state = await h.ws.resource("incus_certificate.c");
  expect(state?.values).toMatchObject({ fingerprint: first.fingerprint, type: "client", restricted: false });
  expect(state?.values.projects).toEqual([]);
  await h.expectNoChanges();

  // In place: name, description, restricted to the default project.
  h.config(resource(`${name}-2`, "a.pem", `  description = "ci"\n  restricted  = true\n  projects    = ["default"]`));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.certificates.get(first.fingerprint)).value;
  expect(updated).toMatchObject({ name: `${name}-2`, description: "ci", restricted: true, projects: ["default"] });
  await h.expectNoChanges();

  // Drift: renamed and unrestricted out of band; the plan shows it and apply restores it.
  await h.client.certificates.update(first.fingerprint, {
    name: "tampered",
    type: "client",
    restricted: false,
    projects: [],
    certificate: updated.certificate,
    description: "ci",
  });
  const plan = await h.expectChanges();
  expect(plan).toMatch(/name\s+= "tampered" -> "[^"]+-2"/);
  expect(plan).toMatch(/restricted\s+= false -> true/);
  await h.apply();
  expect((await h.client.certificates.get(first.fingerprint)).value).toMatchObject({
    name: `${name}-2`,
    restricted: true,
  });

  // Import by fingerprint: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_certificate.c"]);
  await h.import("incus_certificate.c", first.fingerprint);
  await h.expectNoChanges();

  // The same certificate with other line breaks: an update of the text, no replacement.
  const body = first.pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  writePem(
    "a.pem",
    `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,76}/g)?.join("\n")}\n-----END CERTIFICATE-----\n\n`,
  );
  const rewrapped = await h.expectChanges();
  expect(rewrapped).not.toMatch(/must be replaced/);
  await h.apply();
  await h.expectNoChanges();

  // Another certificate replaces the trust entry.
  const second = newCertificate("b");
  h.config(
    resource(
      `${name}-2`,
      writePem("b.pem", second.pem),
      `  description = "ci"\n  restricted  = true\n  projects    = ["default"]`,
    ),
  );
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.certificates.get(first.fingerprint).catch(() => undefined)).toBeUndefined();
  expect((await h.client.certificates.get(second.fingerprint)).value.name).toBe(`${name}-2`);

  await h.ws.destroy();
  expect(await h.client.certificates.get(second.fingerprint).catch(() => undefined)).toBeUndefined();
});

test("a certificate already trusted is refused and left alone; a non-PEM value is refused at plan time", async () => {
  const cert = newCertificate("c");
  await h.client.certificates.add({ certificate: cert.pem, name: "someone-else", description: "keep" });
  h.config(resource(h.name("c"), writePem("c.pem", cert.pem)));
  const r = await h.applyFails();
  expectOutput(r, /the certificate is already trusted/);
  expectOutput(r, /already holds this\s+certificate\s+as\s+"someone-else"/);
  expectOutput(r, new RegExp(`terraform import incus_certificate\\.<resource name> ${cert.fingerprint}`));
  expect((await h.client.certificates.get(cert.fingerprint)).value).toMatchObject({
    name: "someone-else",
    description: "keep",
  });

  h.config(`resource "incus_certificate" "c" {\n  name        = "bad"\n  certificate = "not a certificate"\n}\n`);
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /must be a PEM X\.509 certificate/);
});
