// Protection records: the protect marker on Incus volumes and Incus's own delete protection on instances.
import {
  encodeInstanceProtection,
  encodeProtectMarker,
  hasDeleteProtection,
  hasProtectMarker,
  INCUS_DELETE_PROTECTION_KEY,
  PROTECT_CONFIG_KEY,
  RECORD_KEY_PREFIX,
} from "../../../lib/records";

describe("protect records", () => {
  it('the protect marker round-trips; only "true" (or a JSON true) is one', () => {
    expect(PROTECT_CONFIG_KEY.startsWith(RECORD_KEY_PREFIX)).toBe(true);
    expect(encodeProtectMarker()).toEqual({ "user.cdktf-virt.protect": "true" });
    expect(hasProtectMarker(encodeProtectMarker())).toBe(true);
    expect(hasProtectMarker({ [PROTECT_CONFIG_KEY]: true })).toBe(true);
    for (const config of [{ [PROTECT_CONFIG_KEY]: "false" }, { [PROTECT_CONFIG_KEY]: "yes" }, {}, null, undefined])
      expect(hasProtectMarker(config)).toBe(false);
  });

  it("instance delete protection is Incus's key, written only when protected", () => {
    expect(encodeInstanceProtection(true)).toEqual({ [INCUS_DELETE_PROTECTION_KEY]: "true" });
    expect(encodeInstanceProtection(false)).toEqual({});
    expect(hasDeleteProtection(encodeInstanceProtection(true))).toBe(true);
    expect(hasDeleteProtection(encodeInstanceProtection(false))).toBe(false);
  });
});
