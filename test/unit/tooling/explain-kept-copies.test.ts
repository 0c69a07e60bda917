// explain and --guard on project and pool deletions: a project deleted with force_destroy while the stack has
// volumes in it whose removal policy keeps data is refused; without force_destroy the provider keeps the project,
// and explain says so; a deletion the plan knows nothing about says the project may hold kept copies. Also: a volume
// that adopts a released one says so instead of "will be created", and the guard never calls an unprotected volume
// a protected object.
import { evaluateGuard, explainPlan, renderExplainText, renderGuard } from "../../../lib/tooling";
import { change, homelabPriorState, homelabStack, planOf } from "./support/plans";

type Values = { [key: string]: unknown };

function project(forceDestroy: boolean): Values {
  return {
    name: "homelab-apps",
    description: "",
    remote: "lab",
    force_destroy: forceDestroy,
    config: { "features.storage.volumes": "true", "user.cdktf-virt.owner": "homelab/apps" },
  };
}

function volumeIn(name: string, policy: string): Values {
  return {
    name: `homelab-${name}`,
    pool: "homelab-pool",
    project: "homelab-apps",
    type: "custom",
    content_type: "filesystem",
    remote: "lab",
    config: {
      size: "1GiB",
      "user.cdktf-virt.owner": `homelab/${name}`,
      "user.cdktf-virt.lifecycle": "persistent",
      "user.cdktf-virt.removal-policy": policy,
    },
  };
}

/** A destroy of the project and of the volumes in it, all removed from the code (only the state knows them). */
function destroyPlan(forceDestroy: boolean, volumes: { [resource: string]: string }) {
  const changes = [
    change("incus_project.apps", "delete", project(forceDestroy), null, {
      reason: "delete_because_no_resource_config",
    }),
    ...Object.entries(volumes).map(([resource, policy]) =>
      change(`incus_storage_volume.${resource}`, "delete", volumeIn(resource, policy), null, {
        reason: "delete_because_no_resource_config",
      }),
    ),
  ];
  const prior = [
    ...homelabPriorState(),
    { address: "incus_project.apps", values: project(forceDestroy) },
    ...Object.entries(volumes).map(([resource, policy]) => ({
      address: `incus_storage_volume.${resource}`,
      values: volumeIn(resource, policy),
      depends_on: ["incus_project.apps"],
    })),
  ];
  return planOf(changes, prior);
}

describe("explain: deleting a project or pool that holds kept copies", () => {
  test("force_destroy on a project holding RETAIN and SNAPSHOT volumes: data loss, the guard refuses (exit 2)", () => {
    const report = explainPlan(
      destroyPlan(true, { keep: "retain", archive: "snapshot", scratch: "destroy" }),
      homelabStack(),
    );
    const deletion = report.deletions.find((d) => d.address === "incus_project.apps");
    expect(deletion).toMatchObject({
      description: 'project "homelab-apps" (force_destroy)',
      dataDestroyed: true,
      container: {
        forced: true,
        holds: [
          { address: "incus_storage_volume.archive", policy: "snapshot" },
          { address: "incus_storage_volume.keep", policy: "retain" },
        ],
      },
    });
    expect(report.summary.containersTakingKeptData).toBe(1);
    const text = renderExplainText(report);
    expect(text).toContain("1 project is deleted with force_destroy over data meant to be kept");
    expect(text).toContain(
      '- incus_project.apps: project "homelab-apps" (force_destroy) (force_destroy deletes everything in it',
    );

    const result = evaluateGuard(report);
    expect(result.passed).toBe(false);
    expect(result.offenders.map((o) => [o.address, o.description, o.action])).toEqual([
      ["incus_project.apps", 'project "homelab-apps" (force_destroy)', "delete"],
    ]);
    expect(renderGuard(result)).toContain(
      '- incus_project.apps: project "homelab-apps" (force_destroy) would be DESTROYED, because force_destroy deletes everything in it',
    );
  });

  test("the same project without force_destroy: the provider keeps it, explain says so, the guard passes", () => {
    const report = explainPlan(destroyPlan(false, { keep: "retain" }), homelabStack());
    const deletion = report.deletions.find((d) => d.address === "incus_project.apps");
    expect(deletion).toMatchObject({
      description: 'project "homelab-apps"',
      dataDestroyed: false,
      container: { forced: false },
    });
    expect(renderExplainText(report)).toContain(
      '- incus_project.apps: project "homelab-apps" (holds kept copies of "homelab-keep" (removal policy retain): the provider keeps the project (left on the host, dropped from the state))',
    );
    expect(evaluateGuard(report).passed).toBe(true);
  });

  test("force_destroy on a project holding only DESTROY volumes is no data loss of kept copies", () => {
    const report = explainPlan(destroyPlan(true, { scratch: "destroy" }), homelabStack());
    expect(report.deletions.find((d) => d.address === "incus_project.apps")).toMatchObject({ dataDestroyed: false });
    expect(evaluateGuard(report).offenders.map((o) => o.address)).not.toContain("incus_project.apps");
  });

  test("a pool deletion the plan knows no kept volumes of: it may hold kept copies of earlier deploys", () => {
    const pool = { name: "homelab-pool", driver: "dir", description: "", config: {}, remote: "lab" };
    const plan = planOf(
      [
        change("incus_storage_pool.other", "delete", { ...pool, name: "homelab-other" }, null, {
          reason: "delete_because_no_resource_config",
        }),
      ],
      [...homelabPriorState(), { address: "incus_storage_pool.other", values: { ...pool, name: "homelab-other" } }],
    );
    expect(renderExplainText(explainPlan(plan, homelabStack()))).toContain(
      '- incus_storage_pool.other: storage pool "homelab-other" (may hold kept copies: the provider keeps the storage pool',
    );
  });
});

describe("explain: wording", () => {
  test('a volume created with adoptReleased says it adopts the released volume instead of "will be created"', () => {
    const after: Values = { ...volumeIn("restored", "retain"), project: null };
    (after.config as Values)["user.cdktf-virt.adopt"] = "released";
    // Without the stack's configuration the plan's own values describe the new volume.
    const report = explainPlan(
      planOf([change("incus_storage_volume.restored", "create", null, after)], homelabPriorState()),
    );
    expect(report.volumes.find((v) => v.address === "incus_storage_volume.restored")).toMatchObject({
      adopts: "released",
    });
    const text = renderExplainText(report);
    expect(text).toContain(
      'volume "homelab-restored" in pool "homelab-pool" adopts the released volume "homelab-restored" with its data',
    );
    expect(text).not.toContain('"homelab-restored" in pool "homelab-pool" will be created');
  });

  test("the guard never calls an unprotected volume a protected object", () => {
    const gone = { ...volumeIn("gone", "destroy"), project: null };
    const plan = planOf(
      [change("incus_storage_volume.gone", "delete", gone, null, { reason: "delete_because_no_resource_config" })],
      [...homelabPriorState(), { address: "incus_storage_volume.gone", values: gone }],
    );
    const message = renderGuard(evaluateGuard(explainPlan(plan, homelabStack())));
    expect(message).toContain("REFUSED: this plan would destroy the data of 1 object");
    expect(message).not.toMatch(/protected object/);
    expect(message).toContain('- incus_storage_volume.gone: persistent volume "homelab-gone" would be DESTROYED');
  });
});
