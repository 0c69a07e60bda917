// drift's pure part: the resource_drift of real refresh-only plans (fixtures/drift) → findings and words. A config
// key set by hand, a stopped instance and a deleted volume are named with their construct paths; values that move
// while objects run (free space, addresses) are not drift.
import { buildDriftReport, renderDriftText } from "../../../lib/tooling";
import type { DriftFinding, DriftReport } from "../../../lib/tooling";
import { driftPlan, driftStack } from "./support/drift-fixtures";

const lab = () => driftStack("drift-lab");
const kvm = () => driftStack("drift-kvm");

function finding(report: DriftReport, address: string): DriftFinding {
  const found = report.findings.find((f) => f.address === address);
  if (found === undefined)
    throw new Error(`no finding for ${address} in ${JSON.stringify(report.findings.map((f) => f.address))}`);
  return found;
}

describe("drift findings from refresh-only plans", () => {
  test("an untouched Incus stack has no drift", () => {
    const report = buildDriftReport(driftPlan("incus-clean"), lab(), { stackName: "drift-lab" });
    expect(report).toEqual({
      formatVersion: 1,
      stack: "drift-lab",
      drifted: false,
      summary: { checked: 5, changed: 0, deleted: 0 },
      findings: [],
      runtimeChanges: [],
    });
    expect(renderDriftText(report)).toBe(
      "No drift in stack drift-lab: all 5 objects are as the last deploy left them.\n",
    );
  });

  test("a stack that was never deployed: nothing to compare, said so", () => {
    const plan = driftPlan("incus-clean");
    delete (plan as { prior_state?: unknown }).prior_state;
    const report = buildDriftReport(plan, lab(), { stackName: "drift-lab", stateExists: false });
    expect(report).toMatchObject({ drifted: false, summary: { checked: 0 }, nothingDeployed: "never-deployed" });
    expect(renderDriftText(report)).toBe(
      "Nothing to compare in stack drift-lab: it was never deployed (there is no state yet).\n",
    );
  });

  test("a stack deployed and destroyed: its state exists and holds nothing, said so", () => {
    const plan = driftPlan("incus-clean");
    delete (plan as { prior_state?: unknown }).prior_state;
    const report = buildDriftReport(plan, lab(), { stackName: "drift-lab", stateExists: true });
    expect(report).toMatchObject({ drifted: false, summary: { checked: 0 }, nothingDeployed: "destroyed" });
    expect(renderDriftText(report)).toBe(
      "Nothing deployed in stack drift-lab: its state holds no objects (the stack was destroyed, or every object was removed from it).\n",
    );
  });

  test("config keys set by hand, a removed device and a stopped instance, with the instance's construct path", () => {
    const report = buildDriftReport(driftPlan("incus-changed"), lab());
    const db = finding(report, "incus_instance.db");
    expect(db).toMatchObject({
      family: "instance",
      name: "drift-lab-db",
      constructPath: "drift-lab/db",
      inCode: true,
      action: "changed",
    });
    expect(db.changes).toEqual([
      expect.objectContaining({
        kind: "power",
        before: true,
        after: false,
        statusBefore: "Running",
        statusAfter: "Stopped",
      }),
      expect.objectContaining({ kind: "config", key: "user.note", before: "from-code", after: "changed-by-hand" }),
      {
        kind: "config",
        path: 'config["user.x"]',
        key: "user.x",
        before: undefined,
        after: "y",
        sensitive: false,
        text: 'config key "user.x" added: "y"',
      },
      expect.objectContaining({
        kind: "attribute",
        path: 'device["data"]',
        before: expect.objectContaining({ name: "data", type: "disk" }),
        after: undefined,
      }),
    ]);
    expect(db.changes[0].text).toBe(
      "stopped outside the code (status Running → Stopped); the code keeps it running: a deploy starts it again",
    );
    expect(db.changes[3].text).toBe(
      'device "data" removed (was disk: path=/data, pool=cdktf-virt-test, source=drift-lab-data)',
    );
    // interfaces {} → null and the status come with the stop: nothing more is reported about them.
    expect(report.runtimeChanges).toEqual([]);
  });

  test("a volume deleted by hand and one resized by hand", () => {
    const report = buildDriftReport(driftPlan("incus-changed"), lab());
    expect(report.summary).toEqual({ checked: 5, changed: 2, deleted: 1 });
    expect(finding(report, "incus_storage_volume.spare")).toMatchObject({
      family: "volume",
      name: "drift-lab-spare",
      pool: "cdktf-virt-test",
      constructPath: "drift-lab/spare",
      inCode: true,
      action: "deleted",
      changes: [],
    });
    expect(finding(report, "incus_storage_volume.data").changes).toEqual([
      expect.objectContaining({
        kind: "config",
        key: "size",
        before: "64MiB",
        after: "128MiB",
        text: 'config key "size": "64MiB" → "128MiB"',
      }),
    ]);
  });

  test("an instance deleted by hand", () => {
    const report = buildDriftReport(driftPlan("incus-instance-deleted"), lab());
    expect(finding(report, "incus_instance.db")).toMatchObject({
      action: "deleted",
      name: "drift-lab-db",
      constructPath: "drift-lab/db",
    });
    expect(renderDriftText(report)).toContain(
      'incus_instance.db (drift-lab/db): instance "drift-lab-db" was DELETED outside the code\n' +
        "    - the code still has it: a deploy creates it again (a new instance from its image)\n",
    );
  });

  test("the whole report in words", () => {
    expect(renderDriftText(buildDriftReport(driftPlan("incus-changed"), lab(), { stackName: "drift-lab" }))).toBe(
      [
        "Drift in stack drift-lab: 3 objects changed outside the code since the last deploy (2 changed, 1 deleted).",
        "",
        '  incus_instance.db (drift-lab/db): instance "drift-lab-db" changed',
        "    - stopped outside the code (status Running → Stopped); the code keeps it running: a deploy starts it again",
        '    - config key "user.note": "from-code" → "changed-by-hand"',
        '    - config key "user.x" added: "y"',
        '    - device "data" removed (was disk: path=/data, pool=cdktf-virt-test, source=drift-lab-data)',
        '  incus_storage_volume.data (drift-lab/data): volume "drift-lab-data" in pool "cdktf-virt-test" changed',
        '    - config key "size": "64MiB" → "128MiB"',
        '  incus_storage_volume.spare (drift-lab/spare): volume "drift-lab-spare" in pool "cdktf-virt-test" was DELETED outside the code',
        "    - the code still has it: a deploy creates it again (a new volume: the data that was on the old one is gone)",
        "",
        "A deploy makes these objects match the code again (`cdktf-virt explain` shows how); to keep a change, put it into the code first.",
        "",
      ].join("\n"),
    );
  });

  test("libvirt: the pool's free space and a volume's allocation move on their own and are no drift", () => {
    const report = buildDriftReport(driftPlan("libvirt-clean"), kvm(), { stackName: "drift-kvm" });
    expect(report.drifted).toBe(false);
    expect(report.runtimeChanges).toEqual([
      { address: "libvirt_pool.images", paths: ["allocation", "available"] },
      { address: "libvirt_volume.data", paths: ["allocation"] },
    ]);
    expect(renderDriftText(report)).toBe(
      "No drift in stack drift-kvm: all 3 objects are as the last deploy left them.\n\n" +
        "Not drift (values that move while the objects run): libvirt_pool.images allocation, available; libvirt_volume.data allocation.\n",
    );
  });

  test("libvirt: a domain shut off and described by hand, its data volume deleted", () => {
    const report = buildDriftReport(driftPlan("libvirt-changed"), kvm());
    expect(finding(report, "libvirt_domain.vm")).toMatchObject({
      family: "instance",
      name: "drift-kvm-vm",
      constructPath: "drift-kvm/vm",
      action: "changed",
    });
    expect(finding(report, "libvirt_domain.vm").changes.map((c) => c.text)).toEqual([
      "stopped outside the code; the code keeps it running: a deploy starts it again",
      'description: (none) → "edited by hand"',
    ]);
    expect(finding(report, "libvirt_volume.data")).toMatchObject({
      action: "deleted",
      pool: "drift-kvm-images",
      constructPath: "drift-kvm/data",
    });
  });

  test("an object the code no longer has: said so; its construct path comes from the ownership marker", () => {
    const stack = driftStack("drift-lab", (json) => delete json.resource.incus_storage_volume.spare);
    const report = buildDriftReport(driftPlan("incus-changed"), stack);
    expect(finding(report, "incus_storage_volume.spare")).toMatchObject({
      inCode: false,
      constructPath: "drift-lab/spare",
    });
    expect(renderDriftText(report)).toContain(
      "    - the code no longer has it either: a deploy only drops it from the state\n",
    );
  });

  test("without the stack: construct paths from the ownership markers, nothing said about the next deploy", () => {
    const report = buildDriftReport(driftPlan("incus-changed"));
    expect(finding(report, "incus_instance.db")).toMatchObject({ constructPath: "drift-lab/db", inCode: undefined });
    expect(finding(report, "incus_instance.db").changes[0].text).toBe(
      "stopped outside the code (status Running → Stopped)",
    );
    expect(renderDriftText(report)).not.toContain("the code still has it");
  });

  test("an instance the code keeps stopped, started by hand", () => {
    const stack = driftStack("drift-lab", (json) => (json.resource.incus_instance.db.running = false));
    const plan = driftPlan("incus-changed");
    const db = plan.resource_drift!.find((d) => d.address === "incus_instance.db")!;
    const change = db.change as { before: unknown; after: unknown };
    [change.before, change.after] = [change.after, change.before];
    const report = buildDriftReport(plan, stack);
    expect(finding(report, "incus_instance.db").changes[0].text).toBe(
      "started outside the code (status Stopped → Running); the code keeps it stopped: a deploy stops it again",
    );
  });

  test("sensitive values are never printed", () => {
    const plan = driftPlan("incus-changed");
    const data = plan.resource_drift!.find((d) => d.address === "incus_storage_volume.data")!;
    (data.change as { after_sensitive: unknown }).after_sensitive = { config: { size: true }, file: [] };
    const report = buildDriftReport(plan, lab());
    const [size] = finding(report, "incus_storage_volume.data").changes;
    expect(size).toEqual({
      kind: "config",
      path: "config.size",
      key: "size",
      sensitive: true,
      text: 'config key "size" changed (sensitive value)',
    });
    expect(JSON.stringify(report)).not.toContain("128MiB");
  });
});
