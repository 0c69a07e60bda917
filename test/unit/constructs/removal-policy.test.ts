// Removal policies on the synthesized JSON: what each policy writes on Incus (config keys, prevent_destroy) and on
// libvirt (removal_policy), the protect shorthand, and the combinations that are synth errors.
import { Instance, RemovalPolicy, Volume, VolumeLifecycle } from "../../../lib";
import { errorOf, incusStackWithPool as incus, libvirtStackWithPool as libvirt, resource, synth } from "./support";

const POLICY_KEY = "user.cdktf-virt.removal-policy";
const PROTECT_KEY = "user.cdktf-virt.protect";

describe("RemovalPolicy on Incus volumes", () => {
  it.each([
    [RemovalPolicy.PROTECT, { [PROTECT_KEY]: "true" }, true],
    [RemovalPolicy.RETAIN, { [POLICY_KEY]: "retain" }, false],
    [RemovalPolicy.SNAPSHOT, { [POLICY_KEY]: "snapshot" }, false],
    [RemovalPolicy.DESTROY, {}, false],
  ])("%s writes %j, prevent_destroy %s", (policy, keys, preventDestroy) => {
    const { stack, pool } = incus();
    const v = new Volume(stack, "data", { pool, size: "1GiB", removalPolicy: policy });
    expect(v.removalPolicy).toBe(policy);
    expect(v.protect).toBe(preventDestroy);
    const json = resource(synth(stack), "incus_storage_volume", "data");
    expect(json.config).toEqual({
      size: "1GiB",
      "user.cdktf-virt.lifecycle": "persistent",
      "user.cdktf-virt.owner": "homelab/data",
      ...keys,
    });
    expect(json.lifecycle?.prevent_destroy).toBe(preventDestroy ? true : undefined);
  });

  it("defaults: PROTECT for PERSISTENT and SHARED (no policy key: deployed stacks plan no change), DESTROY for EPHEMERAL", () => {
    const { stack, host, pool } = incus();
    const p = new Volume(stack, "p", { pool });
    const s = new Volume(stack, "s", { pool, lifecycle: VolumeLifecycle.SHARED });
    const e = new Volume(stack, "e", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    new Instance(stack, "vm", { host, incus: { image: "debian-13" } }).attach(e, { path: "/e" });
    expect([p.removalPolicy, s.removalPolicy, e.removalPolicy]).toEqual([
      RemovalPolicy.PROTECT,
      RemovalPolicy.PROTECT,
      RemovalPolicy.DESTROY,
    ]);
    const json = synth(stack);
    for (const id of ["p", "s", "e"])
      expect(resource(json, "incus_storage_volume", id).config[POLICY_KEY]).toBeUndefined();
    expect(resource(json, "incus_storage_volume", "p").config[PROTECT_KEY]).toBe("true");
    expect(resource(json, "incus_storage_volume", "e").config[PROTECT_KEY]).toBeUndefined();
  });

  it("protect is a shorthand: true = PROTECT, false = DESTROY; false with RETAIN or SNAPSHOT agrees", () => {
    const { stack, pool } = incus();
    expect(new Volume(stack, "a", { pool, protect: true }).removalPolicy).toBe(RemovalPolicy.PROTECT);
    expect(new Volume(stack, "b", { pool, protect: false }).removalPolicy).toBe(RemovalPolicy.DESTROY);
    expect(new Volume(stack, "c", { pool, protect: false, removalPolicy: RemovalPolicy.RETAIN }).removalPolicy).toBe(
      RemovalPolicy.RETAIN,
    );
    expect(new Volume(stack, "d", { pool, protect: true, removalPolicy: RemovalPolicy.PROTECT }).removalPolicy).toBe(
      RemovalPolicy.PROTECT,
    );
  });

  it("protect and removalPolicy in contradiction are a synth error naming the construct path", () => {
    const { stack, pool } = incus();
    expect(errorOf(() => new Volume(stack, "a", { pool, protect: true, removalPolicy: RemovalPolicy.RETAIN }))).toMatch(
      /Volume "homelab\/a", prop "removalPolicy": protect: true contradicts removalPolicy: RemovalPolicy.RETAIN/,
    );
    expect(
      errorOf(() => new Volume(stack, "b", { pool, protect: false, removalPolicy: RemovalPolicy.PROTECT })),
    ).toMatch(
      /Volume "homelab\/b", prop "removalPolicy": protect: false contradicts removalPolicy: RemovalPolicy.PROTECT/,
    );
    expect(errorOf(() => new Volume(stack, "c", { pool, removalPolicy: "keep" as RemovalPolicy }))).toMatch(
      /"keep" is not a removal policy/,
    );
  });

  it.each([RemovalPolicy.PROTECT, RemovalPolicy.RETAIN, RemovalPolicy.SNAPSHOT])(
    "EPHEMERAL with %s is a synth error",
    (policy) => {
      const { stack, pool } = incus();
      expect(
        errorOf(() => new Volume(stack, "e", { pool, lifecycle: VolumeLifecycle.EPHEMERAL, removalPolicy: policy })),
      ).toMatch(
        new RegExp(
          `Volume "homelab/e", prop "removalPolicy": removalPolicy: RemovalPolicy.${policy.toUpperCase()} cannot be combined with lifecycle EPHEMERAL`,
        ),
      );
    },
  );

  it("EPHEMERAL with DESTROY is allowed", () => {
    const { stack, host, pool } = incus();
    const e = new Volume(stack, "e", {
      pool,
      lifecycle: VolumeLifecycle.EPHEMERAL,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new Instance(stack, "vm", { host, incus: { image: "debian-13" } }).attach(e, { path: "/e" });
    expect(resource(synth(stack), "incus_storage_volume", "e").config[POLICY_KEY]).toBeUndefined();
  });

  it("the policy key is not user config", () => {
    const { stack, pool } = incus();
    expect(errorOf(() => new Volume(stack, "a", { pool, incus: { config: { [POLICY_KEY]: "retain" } } }))).toMatch(
      /removalPolicy/,
    );
  });
});

describe("RemovalPolicy on libvirt volumes", () => {
  it.each([
    [RemovalPolicy.PROTECT, "protect", true],
    [RemovalPolicy.RETAIN, "retain", false],
    [RemovalPolicy.SNAPSHOT, "snapshot", false],
    [RemovalPolicy.DESTROY, undefined, false],
  ])("%s writes removal_policy %s, prevent_destroy %s", (policy, attribute, preventDestroy) => {
    const { stack, pool } = libvirt();
    new Volume(stack, "data", { pool, size: "1GiB", removalPolicy: policy });
    const json = resource(synth(stack), "libvirt_volume", "data");
    expect(json.removal_policy).toBe(attribute);
    expect(json.lifecycle?.prevent_destroy).toBe(preventDestroy ? true : undefined);
  });
});

describe("RemovalPolicy on instances", () => {
  it("PROTECT and DESTROY map onto protect", () => {
    const { stack, host } = incus();
    const a = new Instance(stack, "a", { host, incus: { image: "debian-13" }, removalPolicy: RemovalPolicy.PROTECT });
    const b = new Instance(stack, "b", { host, incus: { image: "debian-13" }, removalPolicy: RemovalPolicy.DESTROY });
    expect([a.protect, b.protect]).toEqual([true, false]);
    const json = synth(stack);
    expect(resource(json, "incus_instance", "a").lifecycle.prevent_destroy).toBe(true);
    expect(resource(json, "incus_instance", "a").config["security.protection.delete"]).toBe("true");
    expect(resource(json, "incus_instance", "b").lifecycle).toBeUndefined();
  });

  it("RETAIN and SNAPSHOT, or a contradiction with protect, are synth errors", () => {
    const { stack, host } = incus();
    expect(
      errorOf(() => new Instance(stack, "a", { host, incus: { image: "x" }, removalPolicy: RemovalPolicy.RETAIN })),
    ).toMatch(
      /Instance "homelab\/a", prop "removalPolicy": an instance takes RemovalPolicy.PROTECT or RemovalPolicy.DESTROY/,
    );
    expect(
      errorOf(() => new Instance(stack, "b", { host, incus: { image: "x" }, removalPolicy: RemovalPolicy.SNAPSHOT })),
    ).toMatch(/not "snapshot"/);
    expect(
      errorOf(
        () =>
          new Instance(stack, "c", {
            host,
            incus: { image: "x" },
            protect: true,
            removalPolicy: RemovalPolicy.DESTROY,
          }),
      ),
    ).toMatch(/Instance "homelab\/c", prop "removalPolicy": protect: true contradicts/);
  });
});

describe("adoptReleased", () => {
  const ADOPT_KEY = "user.cdktf-virt.adopt";

  it('Incus: true writes the adopt key "released"; an owner writes "released:<owner>"; unset writes nothing', () => {
    const { stack, pool } = incus();
    new Volume(stack, "any", { pool, name: "shared-data", adoptReleased: true });
    new Volume(stack, "exact", { pool, adoptReleased: "old-stack/data" });
    new Volume(stack, "prefixed", { pool, adoptReleased: "released:old-stack/data" });
    new Volume(stack, "plain", { pool, adoptReleased: false });
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "any").config[ADOPT_KEY]).toBe("released");
    expect(resource(json, "incus_storage_volume", "exact").config[ADOPT_KEY]).toBe("released:old-stack/data");
    expect(resource(json, "incus_storage_volume", "prefixed").config[ADOPT_KEY]).toBe("released:old-stack/data");
    expect(resource(json, "incus_storage_volume", "plain").config[ADOPT_KEY]).toBeUndefined();
  });

  it("libvirt: the adopt attribute next to the owner", () => {
    const { stack, pool } = libvirt();
    new Volume(stack, "data", { pool, size: "1GiB", adoptReleased: true });
    const json = resource(synth(stack), "libvirt_volume", "data");
    expect(json.adopt).toBe("released");
    expect(json.owner).toMatch(/\/data$/);
  });

  it("rejects an EPHEMERAL volume, a value that names no owner, and the key in config", () => {
    const { stack, pool } = incus();
    expect(
      errorOf(() => new Volume(stack, "e", { pool, lifecycle: VolumeLifecycle.EPHEMERAL, adoptReleased: true })),
    ).toMatch(/Volume "[^"]*\/e", prop "adoptReleased": an EPHEMERAL volume/);
    expect(errorOf(() => new Volume(stack, "b", { pool, adoptReleased: "nobody" }))).toMatch(
      /prop "adoptReleased": "nobody" is not an owner/,
    );
    expect(errorOf(() => new Volume(stack, "c", { pool, incus: { config: { [ADOPT_KEY]: "released" } } }))).toMatch(
      /set it with the `adoptReleased` prop/,
    );
  });
});
