// Trust anchors for CA-signed Incus servers: node's bundled roots plus the NODE_EXTRA_CA_CERTS file, under either
// name (the bundled providers move the variable aside at start-up, see scripts/bundle-providers.js).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tls from "node:tls";
import { EXTRA_CA_ENV, systemTrustAnchors } from "../../../lib/system-trust";
import { generateSelfSignedCert } from "../../../lib/provider/plugin";

const dir = mkdtempSync(join(tmpdir(), "t-system-trust-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the extra CA file is added to the bundled roots, under either variable name", () => {
  const extra = generateSelfSignedCert().certPem;
  const file = join(dir, "corp-ca.pem");
  writeFileSync(file, extra);
  const roots = systemTrustAnchors({});
  expect(roots).toBe(tls.rootCertificates.join("\n"));
  expect(systemTrustAnchors({ NODE_EXTRA_CA_CERTS: file })).toBe(roots + "\n" + extra);
  expect(systemTrustAnchors({ [EXTRA_CA_ENV]: file })).toBe(roots + "\n" + extra);
  // The moved-aside name wins: it is what the provider was started with.
  expect(systemTrustAnchors({ [EXTRA_CA_ENV]: file, NODE_EXTRA_CA_CERTS: join(dir, "other.pem") })).toBe(
    roots + "\n" + extra,
  );
});

test("an unreadable extra file is left out with a warning, as node does", () => {
  const warn = jest.spyOn(process, "emitWarning").mockImplementation(() => undefined);
  expect(systemTrustAnchors({ NODE_EXTRA_CA_CERTS: join(dir, "missing.pem") })).toBe(tls.rootCertificates.join("\n"));
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Ignoring extra certs from .*missing\.pem/));
  warn.mockRestore();
});
