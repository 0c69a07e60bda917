// The lifecycle kind: the public enum (upper case) and its one recorded spelling (lower case).
import {
  decodeLifecycleKind,
  encodeLifecycleKind,
  LIFECYCLE_CONFIG_KEY,
  LIFECYCLE_KIND_NAMES,
  VolumeLifecycle,
} from "../../../lib/records";
import * as pkg from "../../../lib";
import * as lifecycle from "../../../lib/lifecycle";

describe("lifecycle kind", () => {
  it("is one enum: the package root and lib/lifecycle export the same object, with the values users have", () => {
    expect(pkg.VolumeLifecycle).toBe(VolumeLifecycle);
    expect(lifecycle.VolumeLifecycle).toBe(VolumeLifecycle);
    expect({ ...VolumeLifecycle }).toEqual({ EPHEMERAL: "EPHEMERAL", PERSISTENT: "PERSISTENT", SHARED: "SHARED" });
  });

  it("is recorded in lower case under one key", () => {
    expect(LIFECYCLE_CONFIG_KEY).toBe("user.cdktf-virt.lifecycle");
    expect(LIFECYCLE_KIND_NAMES).toEqual(["ephemeral", "persistent", "shared"]);
    expect(Object.values(VolumeLifecycle).map(encodeLifecycleKind)).toEqual(["ephemeral", "persistent", "shared"]);
  });

  it.each(Object.values(VolumeLifecycle))("%s round-trips", (kind) => {
    expect(decodeLifecycleKind(encodeLifecycleKind(kind))).toBe(encodeLifecycleKind(kind));
  });

  it("reads any case; anything else (or nothing) is no record, so the tooling infers the kind", () => {
    expect(decodeLifecycleKind("PERSISTENT")).toBe("persistent");
    expect(decodeLifecycleKind("Shared")).toBe("shared");
    expect(decodeLifecycleKind("scratch")).toBeUndefined();
    expect(decodeLifecycleKind("")).toBeUndefined();
    expect(decodeLifecycleKind(undefined)).toBeUndefined();
  });
});
