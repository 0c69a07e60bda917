// explain and --guard on volumes with a removal policy: what each policy (read from the state, as the providers
// read it on Delete) makes of a planned delete or replacement, and the snapshot a kept volume gets before the
// instance using it is rebuilt.
import { evaluateGuard, explainPlan, renderExplainText, renderGuard } from "../../../lib/tooling";
import type { ExplainReport, VolumeReport } from "../../../lib/tooling";
import {
  ANCHOR,
  NO_INCUS_CLIENT,
  STATE,
  change,
  homelabPriorState,
  homelabStack,
  planOf,
  unchanged,
  unprotectedDb,
} from "./support/plans";
import type { TerraformJson } from "../../support/terraform-json";

type Values = { [key: string]: unknown };

/** An Incus volume as it sits in state, with the config keys the constructs wrote. */
function incusVolume(name: string, config: Values, extra: Values = {}): Values {
  return {
    name: `homelab-${name}`,
    pool: "homelab-pool",
    type: "custom",
    content_type: "filesystem",
    remote: "lab",
    config: {
      size: "1GiB",
      "user.cdktf-virt.owner": `homelab/${name}`,
      "user.cdktf-virt.lifecycle": "persistent",
      ...config,
    },
    ...extra,
  };
}

/** Volumes removed from the code: only the state knows them, and their policy. */
function removedPlan(volumes: { [resource: string]: Values }) {
  const changes = Object.entries(volumes).map(([resource, values]) =>
    change(`incus_storage_volume.${resource}`, "delete", values, null, { reason: "delete_because_no_resource_config" }),
  );
  const prior = Object.entries(volumes).map(([resource, values]) => ({
    address: `incus_storage_volume.${resource}`,
    values,
    depends_on: ["incus_storage_pool.pool"],
  }));
  return planOf(changes, [...homelabPriorState(), ...prior]);
}

function volume(report: ExplainReport, address: string): VolumeReport {
  const found = report.volumes.find((v) => v.address === address);
  if (!found) throw new Error(`${address} not in report: ${report.volumes.map((v) => v.address).join(", ")}`);
  return found;
}

describe("explain: volumes removed from the code, per removal policy", () => {
  const plan = removedPlan({
    keep: incusVolume("keep", { "user.cdktf-virt.removal-policy": "retain" }),
    archive: incusVolume("archive", { "user.cdktf-virt.removal-policy": "snapshot" }, { project: "prod" }),
    gone: incusVolume("gone", { "user.cdktf-virt.removal-policy": "destroy" }),
    legacy: incusVolume("legacy", {}),
    locked: incusVolume("locked", { "user.cdktf-virt.removal-policy": "protect", "user.cdktf-virt.protect": "true" }),
  });
  // The stack's remote "lab" is the local socket, the incus client's default remote: commands carry no remote.
  const report = explainPlan(plan, homelabStack(), NO_INCUS_CLIENT);

  test("retain: kept on the host, dropped from state, marked released; no data lost", () => {
    expect(volume(report, "incus_storage_volume.keep")).toMatchObject({
      action: "delete",
      dataDestroyed: false,
      removal: {
        policy: "retain",
        policyFrom: "state",
        outcome: "kept",
        released: { owner: "released:homelab/keep", adopt: 'user.cdktf-virt.adopt = "released"' },
      },
    });
  });

  test("snapshot: a final copy in the same pool and the command that restores it (the client's remote and the project)", () => {
    expect(volume(report, "incus_storage_volume.archive")).toMatchObject({
      dataDestroyed: false,
      removal: {
        policy: "snapshot",
        outcome: "final-copy",
        finalCopy: {
          pool: "homelab-pool",
          name: "homelab-archive-final-<yyyymmddThhmmssZ>",
          restore:
            "incus storage volume copy 'homelab-pool/homelab-archive-final-<yyyymmddThhmmssZ>' homelab-pool/homelab-archive --project prod",
        },
      },
    });
  });

  test("destroy, recorded or not: the data is gone; protect: refused", () => {
    expect(volume(report, "incus_storage_volume.gone")).toMatchObject({
      dataDestroyed: true,
      removal: { policy: "destroy", policyFrom: "state", outcome: "destroyed", text: "deleted, its data is gone" },
    });
    expect(volume(report, "incus_storage_volume.legacy")).toMatchObject({
      dataDestroyed: true,
      removal: { policy: "destroy", policyFrom: "unset", outcome: "destroyed" },
    });
    expect(volume(report, "incus_storage_volume.locked")).toMatchObject({
      dataDestroyed: false,
      removal: { policy: "protect", outcome: "refused" },
    });
    expect(report.summary).toMatchObject({ volumesLosingData: 2, volumesKeptByPolicy: 2 });
  });

  test("the text says what each policy does", () => {
    const text = renderExplainText(report);
    expect(text).toMatch(
      /^Plan: 5 volumes \(5 deleted\)\. 5 objects deleted or replaced, 2 volumes lose their data, 2 volumes keep their data by removal policy\.$/m,
    );
    expect(text).toContain(
      'incus_storage_volume.keep: persistent volume "homelab-keep" in pool "homelab-pool" will be DELETED; its data is KEPT on the host\n' +
        "    why: it was removed from the configuration\n" +
        '    removal policy retain: kept on the host with its data, dropped from state, marked released (owner "released:homelab/keep"); adopt it with config user.cdktf-virt.adopt = "released"',
    );
    expect(text).toContain(
      'incus_storage_volume.archive: persistent volume "homelab-archive" in pool "homelab-pool" will be DELETED; a final copy of its data is kept\n' +
        "    why: it was removed from the configuration\n" +
        '    removal policy snapshot: deleted after a final copy homelab-archive-final-<yyyymmddThhmmssZ> in pool "homelab-pool" (<yyyymmddThhmmssZ>: the UTC time of the delete); ' +
        "restore: incus storage volume copy 'homelab-pool/homelab-archive-final-<yyyymmddThhmmssZ>' homelab-pool/homelab-archive --project prod",
    );
    expect(text).toContain(
      "will be DELETED; its data is DESTROYED\n    why: it was removed from the configuration\n    removal policy destroy: deleted, its data is gone",
    );
    expect(text).toContain(
      "    removal policy destroy (none recorded: the providers delete): deleted, its data is gone",
    );
    expect(text).toContain(
      'incus_storage_volume.locked: persistent volume "homelab-locked" in pool "homelab-pool" will be DELETED; REFUSED by its removal policy',
    );
    expect(text).toContain(
      '  - incus_storage_volume.keep: persistent volume "homelab-keep" (kept on the host with its data)',
    );
    expect(text).toContain(
      '  - incus_storage_volume.archive: persistent volume "homelab-archive" (a final copy of its data is kept)',
    );
    expect(text).toContain('  - incus_storage_volume.gone: persistent volume "homelab-gone" (its data is destroyed)');
  });

  test("--guard lets retain and snapshot deletes through, says why, and refuses destroy and protect", () => {
    const result = evaluateGuard(report);
    expect(result.passed).toBe(false);
    expect(result.keptByPolicy.map((o) => [o.address, o.removalPolicy])).toEqual([
      ["incus_storage_volume.archive", "snapshot"],
      ["incus_storage_volume.keep", "retain"],
    ]);
    expect(result.offenders.map((o) => [o.address, o.removalPolicy])).toEqual([
      ["incus_storage_volume.gone", "destroy"],
      ["incus_storage_volume.legacy", "destroy"],
      ["incus_storage_volume.locked", "protect"],
    ]);
    const message = renderGuard(result);
    expect(message).toContain(
      '- incus_storage_volume.gone: persistent volume "homelab-gone" would be DESTROYED, because it was removed from the configuration; removal policy destroy: deleted, its data is gone',
    );
    expect(message).toContain(
      'explain --guard: not refused: incus_storage_volume.keep (persistent volume "homelab-keep") is deleted, because it was removed from the configuration, ' +
        "but no data is lost: removal policy retain: kept on the host with its data",
    );
    expect(message).toContain("not refused: incus_storage_volume.archive");
  });

  test("a plan that only deletes retain and snapshot volumes passes the guard", () => {
    const kept = explainPlan(
      removedPlan({
        keep: incusVolume("keep", { "user.cdktf-virt.removal-policy": "retain" }),
        archive: incusVolume("archive", { "user.cdktf-virt.removal-policy": "SNAPSHOT" }),
      }),
      homelabStack(),
    );
    const result = evaluateGuard(kept);
    expect(result).toMatchObject({ passed: true, offenders: [] });
    expect(renderGuard(result)).toMatch(
      /explain --guard: passed: no persistent or shared volume loses its data \(their removal policies keep it\)/,
    );
    expect(renderExplainText(kept)).toMatch(/, no volume loses data, 2 volumes keep their data by removal policy\.$/m);
  });

  test("a value that is not a policy is refused (the provider fails the delete), and the guard refuses it", () => {
    const odd = explainPlan(
      removedPlan({ odd: incusVolume("odd", { "user.cdktf-virt.removal-policy": "keep-it" }) }),
      homelabStack(),
    );
    expect(volume(odd, "incus_storage_volume.odd").removal).toMatchObject({ policy: "unknown", outcome: "refused" });
    expect(volume(odd, "incus_storage_volume.odd").removal?.text).toMatch(/"keep-it" is not a removal policy/);
    expect(evaluateGuard(odd).offenders.map((o) => o.address)).toEqual(["incus_storage_volume.odd"]);
  });
});

describe("explain: replacing a volume with a removal policy", () => {
  /** homelab's pgdata without prevent_destroy, with `policy` in the code. */
  const stack = (policy?: string) =>
    homelabStack((json) => {
      const pgdata = json.resource.incus_storage_volume.pgdata;
      delete pgdata.lifecycle;
      delete pgdata.config["user.cdktf-virt.protect"];
      if (policy) pgdata.config["user.cdktf-virt.removal-policy"] = policy;
    });
  const replacement = (stateConfig: Values) => {
    const before = incusVolume("pgdata", stateConfig);
    return planOf(
      [
        change(
          "incus_storage_volume.pgdata",
          "replace",
          before,
          { ...before, content_type: "block" },
          { reason: "replace_because_cannot_update", replacePaths: [["content_type"]] },
        ),
      ],
      homelabPriorState(),
    );
  };

  test("snapshot: replaced after a final copy; the guard still refuses (the instance gets an empty volume)", () => {
    const report = explainPlan(replacement({ "user.cdktf-virt.removal-policy": "snapshot" }), stack("snapshot"));
    expect(volume(report, "incus_storage_volume.pgdata")).toMatchObject({
      dataDestroyed: false,
      removal: { policy: "snapshot", outcome: "final-copy" },
    });
    expect(volume(report, "incus_storage_volume.pgdata").removal?.text).toMatch(
      /^replaced by a new, empty volume after a final copy homelab-pgdata-final-<yyyymmddThhmmssZ>/,
    );
    const result = evaluateGuard(report);
    expect(result.offenders.map((o) => [o.address, o.action, o.removalPolicy])).toEqual([
      ["incus_storage_volume.pgdata", "replace", "snapshot"],
    ]);
    expect(result.keptByPolicy).toEqual([]);
  });

  test("retain: the replacement is refused (the kept volume holds the name)", () => {
    const report = explainPlan(replacement({ "user.cdktf-virt.removal-policy": "retain" }), stack("retain"));
    expect(volume(report, "incus_storage_volume.pgdata").removal).toMatchObject({
      policy: "retain",
      outcome: "refused",
    });
    expect(renderExplainText(report)).toContain("removal policy retain: refused: a retained volume cannot be replaced");
    expect(evaluateGuard(report).passed).toBe(false);
  });

  test("the state's policy decides, and the text says the code's new one comes too late", () => {
    const report = explainPlan(replacement({}), stack("snapshot"));
    expect(volume(report, "incus_storage_volume.pgdata").removal).toMatchObject({
      policy: "destroy",
      policyFrom: "unset",
      configuredPolicy: "snapshot",
      dataDestroyed: true,
    });
    expect(renderExplainText(report)).toContain(
      "(the code now says snapshot, but the provider follows the policy in the state: deploy the new policy first, then delete or replace the volume)",
    );
    expect(evaluateGuard(report).offenders.map((o) => o.removalPolicy)).toEqual(["destroy"]);
  });
});

describe("explain: libvirt volumes", () => {
  const libvirtVolume = (name: string, policy?: string): Values => ({
    name: `homelab-${name}`,
    pool: "homelab-images",
    capacity: 1073741824,
    path: `/var/lib/libvirt/images/homelab-${name}`,
    ...(policy ? { removal_policy: policy } : {}),
  });
  const plan = planOf(
    [
      change("libvirt_volume.archive", "delete", libvirtVolume("archive", "snapshot"), null, {
        reason: "delete_because_no_resource_config",
      }),
      change("libvirt_volume.keep", "delete", libvirtVolume("keep", "retain"), null, {
        reason: "delete_because_no_resource_config",
      }),
    ],
    [
      { address: "libvirt_volume.archive", values: libvirtVolume("archive", "snapshot") },
      { address: "libvirt_volume.keep", values: libvirtVolume("keep", "retain") },
    ],
  );
  const report = explainPlan(plan, homelabStack());

  test("snapshot restores with virsh vol-clone on the stack's libvirt URI; retain is imported back", () => {
    expect(volume(report, "libvirt_volume.archive").removal).toMatchObject({
      policy: "snapshot",
      finalCopy: {
        restore:
          "virsh -c qemu:///system vol-clone --pool homelab-images homelab-archive-final-<yyyymmddThhmmssZ> homelab-archive",
      },
    });
    expect(volume(report, "libvirt_volume.keep").removal?.text).toBe(
      'kept on the host (its file stays), dropped from state, released (record homelab-images/homelab-keep.cdktf-virt-released); adopt it with adopt = "released" (adoptReleased: true on a Volume) or terraform import libvirt_volume.keep homelab-images/homelab-keep',
    );
    expect(evaluateGuard(report)).toMatchObject({ passed: true, offenders: [] });
  });

  test("the URI comes from the stack's libvirt provider", () => {
    const remote = explainPlan(
      plan,
      homelabStack((json) => (json.provider.libvirt[0].uri = "qemu+ssh://root@kvm1/system")),
    );
    expect(volume(remote, "libvirt_volume.archive").removal?.finalCopy?.restore).toMatch(
      /^virsh -c qemu\+ssh:\/\/root@kvm1\/system vol-clone/,
    );
  });
});

describe("explain: snapshot before rebuild", () => {
  /** pgdata in state asks for 3 snapshots before a rebuild of the instance using it. */
  const pgdata = (): Values => {
    const values = STATE.volume("pgdata", "10GiB", true);
    return { ...values, config: { ...(values.config as Values), "user.cdktf-virt.snapshot-before-rebuild": "3" } };
  };
  const prior = () =>
    homelabPriorState().map((p) => (p.address === "incus_storage_volume.pgdata" ? { ...p, values: pgdata() } : p));

  test("an instance replaced: its kept volume is snapshotted as rebuild-<instance>-… first", () => {
    const plan = planOf(
      [
        change(ANCHOR, "replace", STATE.anchor("debian-12"), STATE.anchor("debian-13"), {
          reason: "replace_because_cannot_update",
          replacePaths: [["triggers_replace"]],
        }),
        change(
          "incus_instance.db",
          "replace",
          STATE.db(),
          { ...STATE.db(), image: "debian-13" },
          { reason: "replace_by_triggers", replacePaths: [["image"]] },
        ),
        unchanged("incus_storage_volume.pgdata", pgdata()),
        change(
          "incus_storage_volume.scratch",
          "replace",
          STATE.volume("scratch", "2GiB", false),
          STATE.volume("scratch", "2GiB", false),
          { reason: "replace_by_triggers" },
        ),
        unchanged("incus_storage_volume.shared", STATE.volume("shared", "1GiB", true)),
      ],
      prior(),
    );
    const report = explainPlan(plan, homelabStack(unprotectedDb));
    const db = report.instances.find((i) => i.address === "incus_instance.db");
    const pg = db?.volumes.find((v) => v.address === "incus_storage_volume.pgdata");
    expect(pg).toMatchObject({
      effect: "detached-reattached",
      dataDestroyed: false,
      rebuildSnapshot: { name: "rebuild-homelab-db-<yyyymmddThhmmssZ>", keep: 3 },
      text: "detached and re-attached to the new instance; data kept; snapshotted as rebuild-homelab-db-… before the rebuild (keeps 3)",
    });
    expect(db?.volumes.find((v) => v.address === "incus_storage_volume.shared")?.rebuildSnapshot).toBeUndefined();
    expect(renderExplainText(report)).toContain(
      'persistent volume "homelab-pgdata" (incus_storage_volume.pgdata, rebuildOnChange) at /var/lib/postgresql: detached and re-attached to the new instance; data kept; snapshotted as rebuild-homelab-db-… before the rebuild (keeps 3)',
    );
    expect(evaluateGuard(report).passed).toBe(true);
  });

  test("an instance deleted: the snapshot is taken before the delete (read from the state, the code no longer has it)", () => {
    const plan = planOf(
      [
        change("incus_instance.db", "delete", STATE.db(), null, { reason: "delete_because_no_resource_config" }),
        unchanged("incus_storage_volume.pgdata", pgdata()),
      ],
      prior(),
    );
    const report = explainPlan(
      plan,
      homelabStack((json) => delete json.resource.incus_instance.db),
    );
    const pg = report.instances
      .find((i) => i.address === "incus_instance.db")
      ?.volumes.find((v) => v.address === "incus_storage_volume.pgdata");
    expect(pg?.text).toBe(
      "detached; the volume stays with its data; snapshotted as rebuild-homelab-db-… before the instance is deleted (keeps 3)",
    );
  });
});

describe("explain: an attached volume removed with its attach()", () => {
  const shared = (policy: string) =>
    incusVolume("shared", { "user.cdktf-virt.removal-policy": policy, "user.cdktf-virt.lifecycle": "shared" });
  const plan = (policy: string) =>
    planOf(
      [
        change("incus_instance.web", "update", STATE.web(), { ...STATE.web(), device: [] }),
        change("incus_storage_volume.shared", "delete", shared(policy), null, {
          reason: "delete_because_no_resource_config",
        }),
      ],
      homelabPriorState().map((p) =>
        p.address === "incus_storage_volume.shared" ? { ...p, values: shared(policy) } : p,
      ),
    );
  const withoutShared = (json: TerraformJson) => {
    delete json.resource.incus_storage_volume.shared;
    json.resource.incus_instance.web.device = [];
    json.resource.incus_instance.db.device = json.resource.incus_instance.db.device.filter(
      (d: { name: string }) => d.name !== "shared",
    );
  };

  test("the instance's volume line says what the policy does; a retained volume is not deleted, so nothing is in use", () => {
    const report = explainPlan(plan("retain"), homelabStack(withoutShared));
    const web = report.instances.find((i) => i.address === "incus_instance.web");
    expect(web?.volumes).toEqual([
      expect.objectContaining({
        address: "incus_storage_volume.shared",
        kind: "shared",
        effect: "deleted",
        dataDestroyed: false,
        text: expect.stringMatching(
          /^removal policy retain: kept on the host with its data, dropped from state, marked released/,
        ),
      }),
    ]);
    expect(report.warnings.join("\n")).not.toMatch(/still has it attached/);
  });

  test("snapshot: the final copy is said on the instance's line too", () => {
    const report = explainPlan(plan("snapshot"), homelabStack(withoutShared));
    const line = report.instances.find((i) => i.address === "incus_instance.web")?.volumes[0];
    expect(line).toMatchObject({ dataDestroyed: false, removal: { outcome: "final-copy" } });
    expect(line?.text).toMatch(
      /^removal policy snapshot: deleted after a final copy homelab-shared-final-<yyyymmddThhmmssZ> in pool "homelab-pool"/,
    );
    expect(evaluateGuard(report).passed).toBe(true);
  });
});

describe("explain: a libvirt domain's copies before a rebuild", () => {
  const { libvirtRebuildCopyOf } = jest.requireActual(
    "../../../lib/tooling/explain/removal",
  ) as typeof import("../../../lib/tooling/explain/removal");
  const { libvirtRebuildSnapshotsXml } = jest.requireActual(
    "../../../lib/lifecycle",
  ) as typeof import("../../../lib/lifecycle");
  const domain = (requests: Parameters<typeof libvirtRebuildSnapshotsXml>[0]) => ({
    name: "homelab-vm",
    metadata: {
      xml:
        '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">homelab/vm</cdktf-virt:owner>' +
        libvirtRebuildSnapshotsXml(requests),
    },
  });

  test("read from the domain's metadata in the prior state, matched by the volume's pool and name", () => {
    const before = domain([{ pool: "images", volume: "homelab-data", keep: 2 }]);
    expect(libvirtRebuildCopyOf(before, { pool: "images", name: "homelab-data" }, "replace")).toEqual({
      name: "homelab-data.rebuild-homelab-vm-<yyyymmddThhmmssZ>",
      keep: 2,
      text: "copied to images/homelab-data.rebuild-homelab-vm-… before the rebuild (keeps 2)",
    });
    expect(libvirtRebuildCopyOf(before, { pool: "images", name: "homelab-data" }, "delete")?.text).toContain(
      "before the domain is deleted",
    );
    expect(libvirtRebuildCopyOf(before, { pool: "images", name: "homelab-logs" }, "replace")).toBeUndefined();
    expect(libvirtRebuildCopyOf(domain([]), { pool: "images", name: "homelab-data" }, "replace")).toBeUndefined();
  });
});
