// The removal policy: one enum whose values are the recorded names, how each policy is written on Incus and libvirt,
// how it is read back (any case, blanks around it, what releases before removal policies wrote), and the rule that
// the protect marker wins over the policy key.
import {
  decodeIncusRemovalPolicy,
  decodeLibvirtRemovalPolicy,
  decodeRemovalPolicy,
  encodeIncusRemovalPolicy,
  encodeLibvirtRemovalPolicy,
  incusRemovalPolicy,
  PROTECT_CONFIG_KEY,
  REMOVAL_POLICY_CONFIG_KEY,
  REMOVAL_POLICY_NAMES,
  RemovalPolicy,
} from "../../../lib/records";
import * as pkg from "../../../lib";
import * as lifecycle from "../../../lib/lifecycle";

describe("RemovalPolicy", () => {
  it("is one enum: the package root and lib/lifecycle export the same object, with the values users have", () => {
    expect(pkg.RemovalPolicy).toBe(RemovalPolicy);
    expect(lifecycle.RemovalPolicy).toBe(RemovalPolicy);
    expect({ ...RemovalPolicy }).toEqual({
      PROTECT: "protect",
      RETAIN: "retain",
      SNAPSHOT: "snapshot",
      DESTROY: "destroy",
    });
    expect(REMOVAL_POLICY_NAMES).toEqual(["protect", "retain", "snapshot", "destroy"]);
  });

  it("decodes any case and surrounding blanks; unset is destroy; anything else throws naming the value", () => {
    expect(decodeRemovalPolicy(" Retain ", "x")).toBe("retain");
    expect(decodeRemovalPolicy("SNAPSHOT", "x")).toBe("snapshot");
    for (const unset of [undefined, null, ""]) expect(decodeRemovalPolicy(unset, "x")).toBe("destroy");
    expect(() => decodeRemovalPolicy("keep-it", 'config "k"')).toThrow(
      'config "k" is "keep-it", which is not a removal policy; use one of protect, retain, snapshot, destroy.',
    );
  });
});

describe("Incus records", () => {
  it.each([
    [RemovalPolicy.PROTECT, { [PROTECT_CONFIG_KEY]: "true" }, "protect-marker"],
    [RemovalPolicy.RETAIN, { [REMOVAL_POLICY_CONFIG_KEY]: "retain" }, "policy-key"],
    [RemovalPolicy.SNAPSHOT, { [REMOVAL_POLICY_CONFIG_KEY]: "snapshot" }, "policy-key"],
    [RemovalPolicy.DESTROY, {}, "unset"],
  ])("%s is written as %j and read back from the %s", (policy, config, source) => {
    expect(encodeIncusRemovalPolicy(policy)).toEqual(config);
    expect(decodeIncusRemovalPolicy(encodeIncusRemovalPolicy(policy))).toMatchObject({ policy, source });
  });

  it("the protect marker wins over the policy key", () => {
    const both = { [PROTECT_CONFIG_KEY]: "true", [REMOVAL_POLICY_CONFIG_KEY]: "destroy" };
    expect(decodeIncusRemovalPolicy(both)).toEqual({ policy: "protect", source: "protect-marker", value: "true" });
    expect(incusRemovalPolicy(both, "v")).toBe("protect");
    // Even over a key that is not a policy: the volume is protected either way.
    expect(incusRemovalPolicy({ [PROTECT_CONFIG_KEY]: "true", [REMOVAL_POLICY_CONFIG_KEY]: "typo" }, "v")).toBe(
      "protect",
    );
  });

  it("reads what stacks deployed before removal policies carry: the protect marker alone, or nothing", () => {
    expect(incusRemovalPolicy({ "user.cdktf-virt.owner": "s/v", [PROTECT_CONFIG_KEY]: "true" }, "v")).toBe("protect");
    expect(incusRemovalPolicy({ "user.cdktf-virt.owner": "s/v" }, "v")).toBe("destroy");
    expect(incusRemovalPolicy(undefined, "v")).toBe("destroy");
  });

  it('only "true" is the marker (a boolean from JSON values too); other values leave the policy key in charge', () => {
    expect(decodeIncusRemovalPolicy({ [PROTECT_CONFIG_KEY]: true }).policy).toBe("protect");
    expect(
      decodeIncusRemovalPolicy({ [PROTECT_CONFIG_KEY]: "false", [REMOVAL_POLICY_CONFIG_KEY]: "retain" }).policy,
    ).toBe("retain");
  });

  it("a key that is not a policy reads as unknown, and the provider's reader refuses it naming the key", () => {
    expect(decodeIncusRemovalPolicy({ [REMOVAL_POLICY_CONFIG_KEY]: "keep-it" })).toEqual({
      policy: "unknown",
      source: "policy-key",
      value: "keep-it",
    });
    expect(() => incusRemovalPolicy({ [REMOVAL_POLICY_CONFIG_KEY]: "keep-it" }, "storage volume p/v")).toThrow(
      'storage volume p/v: config "user.cdktf-virt.removal-policy" is "keep-it", which is not a removal policy',
    );
  });
});

describe("libvirt records", () => {
  it.each([
    [RemovalPolicy.PROTECT, "protect"],
    [RemovalPolicy.RETAIN, "retain"],
    [RemovalPolicy.SNAPSHOT, "snapshot"],
    [RemovalPolicy.DESTROY, undefined],
  ])("%s is the attribute %s and reads back", (policy, attribute) => {
    expect(encodeLibvirtRemovalPolicy(policy)).toBe(attribute);
    expect(decodeLibvirtRemovalPolicy(encodeLibvirtRemovalPolicy(policy)).policy).toBe(policy);
  });

  it("reads any case; a value that is not a policy is unknown", () => {
    expect(decodeLibvirtRemovalPolicy("Retain")).toEqual({
      policy: "retain",
      source: "removal_policy",
      value: "Retain",
    });
    expect(decodeLibvirtRemovalPolicy("later").policy).toBe("unknown");
    expect(decodeLibvirtRemovalPolicy(null)).toEqual({ policy: "destroy", source: "unset" });
  });
});
