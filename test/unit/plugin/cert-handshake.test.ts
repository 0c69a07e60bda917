// The TLS identity and the handshake line: DER encoding (INTEGER sign bytes, lengths, OIDs, times), the
// self-signed certificate parsed back by node:crypto for many serials, the handshake line format and the
// environment checks.
import { X509Certificate } from "node:crypto";
import * as der from "../../../lib/provider/plugin/der";
import {
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  checkPluginEnv,
  generateSelfSignedCert,
  handshakeLine,
  unpaddedBase64,
} from "../../../lib/provider/plugin";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("DER encoding", () => {
  test.each([
    ["00", "020100"],
    ["7f", "02017f"],
    ["80", "02020080"], // high bit set: a 0x00 keeps it positive
    ["ff", "020200ff"],
    ["0000ff", "020200ff"], // redundant leading zeros dropped, one added back for the sign
    ["00007f", "02017f"],
    ["0100", "02020100"],
    ["", "020100"],
  ])("unsignedInteger(%s) = %s", (magnitude, expected) => {
    expect(hex(der.unsignedInteger(Buffer.from(magnitude, "hex")))).toBe(expected);
  });

  test("lengths: short form below 128, long form above", () => {
    expect(hex(der.encodeLength(0))).toBe("00");
    expect(hex(der.encodeLength(127))).toBe("7f");
    expect(hex(der.encodeLength(128))).toBe("8180");
    expect(hex(der.encodeLength(256))).toBe("820100");
    expect(hex(der.encodeLength(70000))).toBe("83011170");
  });

  test("object identifiers with multi-byte arcs", () => {
    expect(hex(der.oid("1.2.840.10045.4.3.2"))).toBe("06082a8648ce3d040302");
    expect(hex(der.oid("2.5.29.17"))).toBe("0603551d11");
    expect(() => der.oid("1")).toThrow(/invalid object identifier/);
  });

  test("times: UTCTime before 2050, GeneralizedTime after", () => {
    expect(
      Buffer.from(der.time(new Date(Date.UTC(2025, 0, 2, 3, 4, 5))))
        .subarray(2)
        .toString(),
    ).toBe("250102030405Z");
    expect(der.time(new Date(Date.UTC(2025, 0, 1)))[0]).toBe(0x17);
    const g = der.time(new Date(Date.UTC(2051, 11, 31, 23, 59, 59)));
    expect(g[0]).toBe(0x18);
    expect(Buffer.from(g).subarray(2).toString()).toBe("20511231235959Z");
  });
});

describe("self-signed certificate", () => {
  test("has what go-plugin's mTLS needs: CN/SAN localhost, CA, server+client auth, valid signature", () => {
    const c = generateSelfSignedCert();
    const x = new X509Certificate(c.certDer);
    expect(x.subject).toMatch(/CN=localhost/);
    expect(x.subjectAltName).toBe("DNS:localhost, IP Address:127.0.0.1");
    expect(x.ca).toBe(true);
    expect(x.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"]);
    expect(x.checkIssued(x)).toBe(true);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    expect(new Date(x.validFrom).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(x.validTo).getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000);
    expect(c.certPem).toBe(x.toString());
    expect(c.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  test("parses for serials of every shape (leading zeros, high bit set, short, long)", () => {
    const serials: Buffer[] = [
      Buffer.from([1]),
      Buffer.from([0x80]),
      Buffer.from([0, 0, 0x80, 1]),
      Buffer.from("7f".repeat(20), "hex"),
    ];
    for (let i = 0; i < 300; i++) {
      const b = Buffer.alloc(1 + (i % 16));
      for (let j = 0; j < b.length; j++) b[j] = (i * 37 + j * 101 + (j === 0 ? i : 0)) & 0xff;
      if (b.every((x) => x === 0)) b[b.length - 1] = 1;
      serials.push(b);
    }
    for (const serial of serials) {
      const x = new X509Certificate(generateSelfSignedCert({ serial }).certDer);
      const expected = BigInt("0x" + serial.toString("hex"))
        .toString(16)
        .toUpperCase();
      expect(
        BigInt("0x" + x.serialNumber)
          .toString(16)
          .toUpperCase(),
      ).toBe(expected);
      expect(x.verify(x.publicKey)).toBe(true);
    }
  });

  test("random serials are positive and different each time", () => {
    const a = new X509Certificate(generateSelfSignedCert().certDer).serialNumber;
    const b = new X509Certificate(generateSelfSignedCert().certDer).serialNumber;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9A-F]+$/);
  });
});

describe("handshake line", () => {
  test("core|app|network|address|protocol|cert with unpadded base64", () => {
    const cert = generateSelfSignedCert().certDer;
    const line = handshakeLine("unix", "/tmp/x/plugin.sock", cert);
    expect(line.endsWith("\n")).toBe(true);
    const fields = line.trimEnd().split("|");
    expect(fields.slice(0, 5)).toEqual(["1", "6", "unix", "/tmp/x/plugin.sock", "grpc"]);
    expect(fields[5]).not.toMatch(/=/);
    expect(Buffer.from(fields[5], "base64").equals(cert)).toBe(true);
    expect(handshakeLine("tcp", "127.0.0.1:1234")).toBe("1|6|tcp|127.0.0.1:1234|grpc\n");
  });

  test("unpaddedBase64 strips only padding", () => {
    expect(unpaddedBase64(Buffer.from("a"))).toBe("YQ");
    expect(unpaddedBase64(Buffer.from("ab"))).toBe("YWI");
    expect(unpaddedBase64(Buffer.from("abc"))).toBe("YWJj");
  });

  test("environment checks: no cookie → a human message; protocol 6 required", () => {
    expect(checkPluginEnv({}, "terraform-provider-x")?.message).toMatch(
      /terraform-provider-x is a Terraform provider plugin/,
    );
    const ok = { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "5,6" };
    expect(checkPluginEnv(ok, "p")).toBeUndefined();
    expect(checkPluginEnv({ ...ok, PLUGIN_PROTOCOL_VERSIONS: "5" }, "p")?.message).toMatch(/protocol 6/);
  });
});
