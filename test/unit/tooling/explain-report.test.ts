// explain on hand-made plans of the homelab stack: what happens to each instance, why, and what happens to the
// data on each of its volumes.
import { explainPlan, renderExplainText } from "../../../lib/tooling";
import type { ExplainReport, InstanceReport } from "../../../lib/tooling";
import {
  ANCHOR,
  STATE,
  change,
  homelabPriorState,
  homelabStack,
  imageUpgradePlan,
  planOf,
  unchanged,
  unprotectedDb,
} from "./support/plans";

function instance(report: ExplainReport, address: string): InstanceReport {
  const found = report.instances.find((i) => i.address === address);
  if (!found) throw new Error(`${address} not in report: ${report.instances.map((i) => i.address).join(", ")}`);
  return found;
}

describe("explain: an instance replaced through its generation anchor", () => {
  const report = explainPlan(imageUpgradePlan(), homelabStack(unprotectedDb));
  const db = instance(report, "incus_instance.db");

  test("the instance is replaced because its image changes, directly and through the anchor", () => {
    expect(db.action).toBe("replace");
    expect(db.name).toBe("homelab-db");
    const forced = db.causes.find((c) => c.kind === "attribute");
    expect(forced).toMatchObject({ path: "image", before: "debian-12", after: "debian-13", forcesReplacement: true });
    const trigger = db.causes.find((c) => c.kind === "trigger");
    expect(trigger).toMatchObject({ address: ANCHOR, role: "generation-anchor", action: "replace" });
    expect(trigger?.kind === "trigger" && trigger.causes.map((c) => c.text)).toEqual([
      'instance.image: "debian-12" → "debian-13"',
    ]);
  });

  test("the ephemeral volume goes with it and its data is destroyed; persistent and shared ones are re-attached", () => {
    const byName = Object.fromEntries(db.volumes.map((v) => [v.name, v]));
    expect(byName["homelab-scratch"]).toMatchObject({
      kind: "ephemeral",
      action: "replace",
      effect: "replaced-with-instance",
      dataDestroyed: true,
      path: "/scratch",
    });
    expect(byName["homelab-pgdata"]).toMatchObject({
      kind: "persistent",
      action: "no-op",
      effect: "detached-reattached",
      dataDestroyed: false,
      rebuildOnChange: true,
    });
    expect(byName["homelab-shared"]).toMatchObject({
      kind: "shared",
      action: "no-op",
      effect: "detached-reattached",
      dataDestroyed: false,
    });
  });

  test("the unchanged instance is left out; deletions list the old objects, not the anchor", () => {
    expect(report.instances.map((i) => i.address)).toEqual(["incus_instance.db"]);
    expect(report.deletions.map((d) => [d.address, d.replaced, d.dataDestroyed])).toEqual([
      ["incus_instance.db", true, false],
      ["incus_storage_volume.scratch", true, true],
    ]);
    expect(report.others).toEqual([]);
    expect(report.summary).toMatchObject({ instances: { replace: 1 }, volumesLosingData: 1, deletions: 2 });
    expect(report.warnings).toEqual([]);
  });

  test("the text says it in words", () => {
    const text = renderExplainText(report);
    expect(text).toContain('incus_instance.db: instance "homelab-db" will be REPLACED (destroyed and created again)');
    expect(text).toContain('- image: "debian-12" → "debian-13"');
    expect(text).toContain(`- its generation anchor ${ANCHOR} changes:`);
    expect(text).toContain(
      'ephemeral volume "homelab-scratch" (incus_storage_volume.scratch) at /scratch: replaced together with the instance (a new, empty volume); its data is DESTROYED',
    );
    expect(text).toContain(
      'persistent volume "homelab-pgdata" (incus_storage_volume.pgdata, rebuildOnChange) at /var/lib/postgresql: detached and re-attached to the new instance; data kept',
    );
    expect(text).toContain(
      'shared volume "homelab-shared" (incus_storage_volume.shared) at /shared: detached and re-attached',
    );
    expect(text).toMatch(
      /^Plan: 1 instance \(1 replaced\); 1 volume \(1 replaced\)\. 2 objects deleted or replaced, 1 volume loses its data\.$/m,
    );
    expect(text).toContain('Would be deleted\n  - incus_instance.db: instance "homelab-db" (replaced by a new one)');
  });
});

describe("explain: rebuildOnChange", () => {
  const pgBefore = STATE.volume("pgdata", "10GiB", true);
  const pgAfter = STATE.volume("pgdata", "20GiB", true);
  const plan = planOf(
    [
      unchanged(ANCHOR, STATE.anchor("debian-12")),
      change("incus_instance.db", "replace", STATE.db(), STATE.db(), {
        reason: "replace_by_triggers",
        afterUnknown: { ipv4_address: true },
      }),
      change("incus_storage_volume.pgdata", "update", pgBefore, pgAfter),
      unchanged("incus_storage_volume.scratch", STATE.volume("scratch", "2GiB", false)),
      unchanged("incus_storage_volume.shared", STATE.volume("shared", "1GiB", true)),
    ],
    homelabPriorState(),
  );
  const report = explainPlan(plan, homelabStack(unprotectedDb));
  const db = instance(report, "incus_instance.db");

  test("the instance is rebuilt because the volume it names in replace_triggered_by is updated", () => {
    expect(db.causes).toHaveLength(1);
    const cause = db.causes[0];
    expect(cause).toMatchObject({
      kind: "trigger",
      address: "incus_storage_volume.pgdata",
      role: "rebuild-on-change",
      action: "update",
    });
    expect(cause.kind === "trigger" && cause.causes.map((c) => c.text)).toEqual(['config.size: "10GiB" → "20GiB"']);
    expect(db.volumes.find((v) => v.name === "homelab-pgdata")).toMatchObject({
      effect: "detached-reattached",
      dataDestroyed: false,
      text: "detached and re-attached to the new instance; updated in place; data kept",
    });
  });

  test("an ephemeral volume left behind by a rebuild is flagged", () => {
    expect(db.volumes.find((v) => v.name === "homelab-scratch")?.text).toMatch(/NOT replaced with the instance/);
    expect(report.warnings.join("\n")).toMatch(
      /incus_instance\.db is replaced but its ephemeral volume incus_storage_volume\.scratch is not/,
    );
  });

  test("the changed persistent volume is listed with the attribute that changes", () => {
    const text = renderExplainText(report);
    expect(text).toContain(
      'volume "homelab-pgdata" (incus_storage_volume.pgdata), attached with rebuildOnChange, is updated in place:',
    );
    expect(text).toContain(
      'incus_storage_volume.pgdata: persistent volume "homelab-pgdata" in pool "homelab-pool" will be updated in place\n    why: config.size: "10GiB" → "20GiB"',
    );
  });
});

describe("explain: libvirt overlay rebuilt when its base volume changes", () => {
  const vmAnchor = "terraform_data.vm_Generation_CCA5B5B6";
  const base = (capacity: number) => ({
    name: "homelab-debian",
    pool: "homelab-images",
    capacity,
    path: "/var/lib/libvirt/images/homelab-debian",
  });
  const root = {
    name: "homelab-root",
    pool: "homelab-images",
    capacity: 2147483648,
    path: "/var/lib/libvirt/images/homelab-root",
  };
  const vm = {
    name: "homelab-vm",
    type: "kvm",
    memory: 1024,
    devices: {
      disks: [
        {
          source: { volume: { pool: "homelab-images", volume: "homelab-root" } },
          target: { dev: "vda", bus: "virtio" },
        },
      ],
    },
  };
  const plan = planOf(
    [
      change("libvirt_volume.debian", "update", base(2147483648), base(4294967296)),
      change(
        vmAnchor,
        "replace",
        { id: "a", triggers_replace: {} },
        { triggers_replace: {} },
        { reason: "replace_by_triggers", afterUnknown: { id: true } },
      ),
      change("libvirt_domain.vm", "replace", vm, vm, { reason: "replace_by_triggers" }),
      change("libvirt_volume.root", "replace", root, root, {
        reason: "replace_by_triggers",
        afterUnknown: { path: true },
      }),
    ],
    [
      { address: "libvirt_volume.debian", values: base(2147483648) },
      { address: vmAnchor, values: { id: "a" }, depends_on: ["libvirt_volume.debian"] },
      { address: "libvirt_domain.vm", values: vm, depends_on: [vmAnchor, "libvirt_volume.root"] },
      { address: "libvirt_volume.root", values: root, depends_on: [vmAnchor, "libvirt_volume.debian"] },
    ],
  );
  const report = explainPlan(plan, homelabStack());

  test("the cause is followed from the domain through the anchor to the base volume's attribute", () => {
    const domain = instance(report, "libvirt_domain.vm");
    expect(domain.action).toBe("replace");
    const text = renderExplainText(report);
    expect(text).toContain(`- its generation anchor ${vmAnchor} changes:`);
    expect(text).toContain(
      '- volume "homelab-debian" (libvirt_volume.debian), named in its replace_triggered_by, is updated in place:',
    );
    expect(text).toContain("- capacity: 2147483648 → 4294967296");
    expect(domain.volumes).toEqual([
      expect.objectContaining({
        address: "libvirt_volume.root",
        kind: "ephemeral",
        effect: "replaced-with-instance",
        dataDestroyed: true,
        path: "vda",
      }),
    ]);
  });
});

describe("explain: without the stack's configuration", () => {
  test("ephemeral volumes are recognised from the anchor both depend on in state", () => {
    const report = explainPlan(imageUpgradePlan());
    expect(report.lifecycleFrom).toBe("plan");
    const db = instance(report, "incus_instance.db");
    expect(db.volumes.map((v) => [v.name, v.kind, v.effect])).toEqual([
      ["homelab-pgdata", "persistent", "detached-reattached"],
      ["homelab-scratch", "ephemeral", "replaced-with-instance"],
      ["homelab-shared", "shared", "detached-reattached"],
    ]);
    expect(report.warnings.join("\n")).toMatch(/no cdk\.tf\.json was found next to the plan/);
    // The anchor found in depends_on still explains the trigger.
    expect(renderExplainText(report)).toContain('instance.image: "debian-12" → "debian-13"');
  });
});

describe("explain: nothing to do", () => {
  test("a plan without changes says so", () => {
    const plan = planOf([unchanged("incus_instance.web", STATE.web())], homelabPriorState());
    const report = explainPlan(plan, homelabStack());
    expect(report.instances).toEqual([]);
    expect(renderExplainText(report)).toBe("No changes: nothing is created, changed or deleted.\n");
  });
});

describe("explain: a new stack", () => {
  test("created instances attach their volumes; nothing loses data", () => {
    const creates = [
      change(
        "incus_instance.db",
        "create",
        null,
        { ...STATE.db(), image: "debian-13" },
        { afterUnknown: { ipv4_address: true } },
      ),
      change("incus_instance.web", "create", null, STATE.web()),
      change("incus_storage_volume.pgdata", "create", null, STATE.volume("pgdata", "10GiB", true)),
      change("incus_storage_volume.scratch", "create", null, STATE.volume("scratch", "2GiB", false)),
      change("incus_storage_volume.shared", "create", null, STATE.volume("shared", "1GiB", true)),
      change(ANCHOR, "create", null, STATE.anchor("debian-13"), { afterUnknown: { id: true } }),
      change("incus_network.lan", "create", null, { name: "homelab-lan" }),
    ];
    const report = explainPlan(planOf(creates), homelabStack());
    expect(instance(report, "incus_instance.db").volumes.every((v) => v.effect === "created")).toBe(true);
    expect(report.others.map((o) => [o.address, o.action])).toEqual([["incus_network.lan", "create"]]);
    expect(report.summary.volumesLosingData).toBe(0);
    expect(renderExplainText(report)).toMatch(/No volume loses data\./);
  });
});
