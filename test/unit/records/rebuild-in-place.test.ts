// The two records that say how an Incus instance takes a new image or new cloud-init data: their keys (under the
// records' prefix), the spelling the constructs write, and what a reader makes of any value, including none.
import {
  CLOUD_INIT_CHANGE_CONFIG_KEY,
  CLOUD_INIT_CONFIG_KEYS,
  CloudInitChange,
  decodeCloudInitChange,
  decodeImageChange,
  encodeCloudInitChange,
  encodeImageChange,
  IMAGE_CHANGE_CONFIG_KEY,
  ImageChange,
  RECORD_KEY_PREFIX,
} from "../../../lib/records";

describe("image-change record", () => {
  it("is one config key under the records' prefix", () => {
    expect(IMAGE_CHANGE_CONFIG_KEY).toBe("user.cdktf-virt.image-change");
    expect(IMAGE_CHANGE_CONFIG_KEY.startsWith(RECORD_KEY_PREFIX)).toBe(true);
  });

  it("is written in lower case and read back in any case", () => {
    expect(encodeImageChange(ImageChange.REBUILD)).toBe("rebuild");
    expect(encodeImageChange(ImageChange.REPLACE)).toBe("replace");
    for (const change of Object.values(ImageChange))
      expect(decodeImageChange(encodeImageChange(change))).toBe(encodeImageChange(change));
    expect(decodeImageChange(" REBUILD ")).toBe("rebuild");
  });

  it.each([undefined, null, "", "yes", "rebuilt", "true"])("reads %p as replace (the official behaviour)", (value) => {
    expect(decodeImageChange(value)).toBe("replace");
  });
});

describe("cloud-init-change record", () => {
  it("is one config key under the records' prefix", () => {
    expect(CLOUD_INIT_CHANGE_CONFIG_KEY).toBe("user.cdktf-virt.cloud-init-change");
    expect(CLOUD_INIT_CHANGE_CONFIG_KEY.startsWith(RECORD_KEY_PREFIX)).toBe(true);
  });

  it("is written in lower case and read back in any case", () => {
    expect(encodeCloudInitChange(CloudInitChange.REBUILD)).toBe("rebuild");
    expect(encodeCloudInitChange(CloudInitChange.UPDATE)).toBe("update");
    expect(decodeCloudInitChange("Rebuild")).toBe("rebuild");
    expect(decodeCloudInitChange("update")).toBe("update");
  });

  it.each([undefined, null, "", "replace", "true"])("reads %p as update (the official behaviour)", (value) => {
    expect(decodeCloudInitChange(value)).toBe("update");
  });

  it("names the cloud-init keys Incus reads, new and legacy", () => {
    expect([...CLOUD_INIT_CONFIG_KEYS].sort()).toEqual([
      "cloud-init.network-config",
      "cloud-init.user-data",
      "cloud-init.vendor-data",
      "user.network-config",
      "user.user-data",
      "user.vendor-data",
    ]);
  });
});
