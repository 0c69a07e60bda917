// The pure rules of adopt-on-create beyond the ownership marker: which attributes make an object another object,
// what an existing object holds beyond the plan, and the words of the refusal and the warning.
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import {
  describeDevice,
  describeExtras,
  extrasOf,
  identityMismatch,
  plannedDeviceNames,
  refuseMismatch,
  warnAdopted,
} from "../../../lib/provider/incus/common/adopt-checks";

describe("identityMismatch", () => {
  test.each([
    [
      "incus_storage_pool",
      { driver: "dir" },
      { driver: "btrfs" },
      { attribute: "driver", existing: "dir", planned: "btrfs" },
    ],
    [
      "incus_storage_volume",
      { type: "custom", content_type: "block" },
      { type: "custom", content_type: "filesystem" },
      { attribute: "content_type", existing: "block", planned: "filesystem" },
    ],
    [
      "incus_network",
      { type: "macvlan" },
      { type: "bridge" },
      { attribute: "type", existing: "macvlan", planned: "bridge" },
    ],
  ])("%s: %j is not %j", (kind, existing, planned, mismatch) => {
    expect(identityMismatch(kind, existing, planned)).toEqual(mismatch);
  });

  test("equal, unknown or unset planned values, and kinds without identity attributes, pass", () => {
    expect(identityMismatch("incus_storage_pool", { driver: "dir" }, { driver: "dir" })).toBeUndefined();
    expect(
      identityMismatch("incus_storage_volume", { content_type: "block" }, { content_type: UNKNOWN }),
    ).toBeUndefined();
    expect(identityMismatch("incus_network", { type: "bridge" }, { type: null })).toBeUndefined();
    expect(identityMismatch("incus_profile", { driver: "x" }, { driver: "y" })).toBeUndefined();
  });
});

describe("extrasOf", () => {
  const existing = {
    config: {
      "user.cdktf-virt.owner": "s/c",
      "security.privileged": "true",
      "volatile.uuid": "u",
      "image.os": "x",
      "environment.A": "1",
    },
    devices: {
      root: { type: "disk", path: "/", pool: "p" },
      hostroot: { type: "disk", source: "/", path: "/mnt/host" },
    },
  };

  test("lists unplanned devices and config keys, never Incus's own volatile.* and image.* keys", () => {
    expect(extrasOf(existing, { "user.cdktf-virt.owner": "s/c" }, ["root"])).toEqual({
      devices: ["hostroot"],
      config: ["environment.A", "security.privileged"],
    });
  });

  test("compares devices only when the planned ones are known", () => {
    expect(extrasOf(existing, existing.config, undefined)).toEqual({ devices: [], config: [] });
    expect(plannedDeviceNames(UNKNOWN)).toBeUndefined();
    expect(plannedDeviceNames(null)).toEqual([]);
    expect(plannedDeviceNames([{ name: "root", type: "disk" }])).toEqual(["root"]);
    expect(plannedDeviceNames([{ name: UNKNOWN }])).toBeUndefined();
  });

  test("describes devices with source and path first, and cuts long values", () => {
    expect(describeDevice("hostroot", { type: "disk", path: "/mnt/host", source: "/" })).toBe(
      'device "hostroot" (disk, source=/, path=/mnt/host)',
    );
    const [line] = describeExtras({ devices: [], config: ["raw.lxc"] }, { config: { "raw.lxc": "x".repeat(100) } });
    expect(line).toBe(`config raw.lxc=${JSON.stringify(`${"x".repeat(57)}...`)}`);
  });
});

describe("refuseMismatch and warnAdopted", () => {
  test("the refusal names the attribute, both values and the import command", () => {
    const diagnostics = new Diagnostics();
    refuseMismatch(
      { kind: "incus_storage_pool", name: "p", importId: "p", diagnostics },
      { attribute: "driver", existing: "dir", planned: "btrfs" },
    );
    const [d] = diagnostics.errors;
    expect(d.summary).toBe('incus_storage_pool "p" already exists and cannot be adopted');
    expect(d.detail).toMatch(/its driver is "dir", the configuration creates "btrfs"/);
    expect(d.detail).toMatch(/terraform import incus_storage_pool\.<resource name> p/);
    expect(d.path).toEqual(["name"]);
  });

  test("an adopted object with nothing beyond the plan gives no warning (the resume of a killed run)", () => {
    const diagnostics = new Diagnostics();
    warnAdopted(diagnostics, "incus_instance", "c", { removed: [], kept: [], notes: [] });
    expect(diagnostics.length).toBe(0);
  });

  test("the warning says what was removed and what was kept", () => {
    const diagnostics = new Diagnostics();
    warnAdopted(diagnostics, "incus_instance", "c", {
      removed: ['device "hostroot" (disk, source=/)'],
      kept: ['config environment.A="1"'],
      notes: ["Its image was not compared."],
    });
    const [d] = diagnostics.all;
    expect(d.severity).toBe("warning");
    expect(d.summary).toBe('Adopted incus_instance "c" held settings this configuration does not set');
    expect(d.detail).toMatch(/Removed by the converge .*: device "hostroot" \(disk, source=\/\)\./);
    expect(d.detail).toMatch(/Kept .*: config environment\.A="1"\./);
    expect(d.detail).toMatch(/Its image was not compared\./);
  });
});
