// The --guard gate: refuses plans that destroy or replace persistent or shared volumes or protected instances,
// lets ephemeral data go, and lets reviewed destructions through with --allow.
import { evaluateGuard, explainPlan, renderGuard } from "../../../lib/tooling";
import {
  ANCHOR,
  STATE,
  change,
  homelabPriorState,
  homelabStack,
  planOf,
  unchanged,
  unprotectedDb,
} from "./support/plans";
import type { TerraformJson } from "../../support/terraform-json";

/** homelab without db and its volumes: the user deleted them from the code. */
function withoutDb(json: TerraformJson): void {
  delete json.resource.incus_instance.db;
  delete json.resource.incus_storage_volume.pgdata;
  delete json.resource.incus_storage_volume.scratch;
  delete json.resource.terraform_data.db_Generation_FCAF079D;
  json.resource.incus_instance.web.device = [];
  delete json.resource.incus_storage_volume.shared;
}

describe("explain --guard", () => {
  test("passes when only ephemeral data goes", () => {
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
        change(
          "incus_storage_volume.scratch",
          "replace",
          STATE.volume("scratch", "2GiB", false),
          STATE.volume("scratch", "2GiB", false),
          { reason: "replace_by_triggers" },
        ),
        unchanged("incus_storage_volume.pgdata", STATE.volume("pgdata", "10GiB", true)),
      ],
      homelabPriorState(),
    );
    const result = evaluateGuard(explainPlan(plan, homelabStack(unprotectedDb)));
    expect(result).toMatchObject({ passed: true, offenders: [], allowed: [], incompletePlan: false });
    expect(renderGuard(result)).toMatch(/^explain --guard: passed/);
  });

  test("refuses a persistent volume that would be replaced, naming the attribute that forces it", () => {
    const before = STATE.volume("pgdata", "10GiB", true);
    const plan = planOf(
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
    const report = explainPlan(plan, homelabStack());
    const result = evaluateGuard(report);
    expect(result.passed).toBe(false);
    expect(result.offenders).toEqual([
      {
        address: "incus_storage_volume.pgdata",
        description: 'persistent volume "homelab-pgdata"',
        action: "replace",
        why: 'content_type: "filesystem" → "block"',
        removalPolicy: "protect",
        removal: "refused: prevent_destroy is set, terraform does not apply this plan",
      },
    ]);
    const message = renderGuard(result);
    expect(message).toContain("REFUSED: this plan would destroy the data of 1 object");
    expect(message).toContain(
      '- incus_storage_volume.pgdata: persistent volume "homelab-pgdata" would be REPLACED (destroyed, then created empty), because content_type: "filesystem" → "block"',
    );
    expect(message).toContain("--allow <address>");

    const allowed = evaluateGuard(report, ["incus_storage_volume.pgdata", "incus_storage_volume.typo"]);
    expect(allowed.passed).toBe(true);
    expect(allowed.allowed.map((o) => o.address)).toEqual(["incus_storage_volume.pgdata"]);
    expect(allowed.unusedAllows).toEqual(["incus_storage_volume.typo"]);
    expect(renderGuard(allowed)).toContain(
      "note: --allow incus_storage_volume.typo matches nothing this plan destroys",
    );
  });

  test("refuses objects removed from the code when their protection is recorded in state", () => {
    // The code no longer has db or its volumes, so prevent_destroy is gone with them; the state still carries
    // security.protection.delete and user.cdktf-virt.protect.
    const prior = homelabPriorState(true);
    const plan = planOf(
      [
        change("incus_instance.db", "delete", STATE.db(true), null, { reason: "delete_because_no_resource_config" }),
        change("incus_storage_volume.pgdata", "delete", STATE.volume("pgdata", "10GiB", true), null, {
          reason: "delete_because_no_resource_config",
        }),
        change("incus_storage_volume.scratch", "delete", STATE.volume("scratch", "2GiB", false), null, {
          reason: "delete_because_no_resource_config",
        }),
        change("incus_storage_volume.shared", "delete", STATE.volume("shared", "1GiB", true), null, {
          reason: "delete_because_no_resource_config",
        }),
        change(ANCHOR, "delete", STATE.anchor("debian-12"), null, { reason: "delete_because_no_resource_config" }),
        change("incus_instance.web", "update", STATE.web(), { ...STATE.web(), device: [] }),
      ],
      prior,
    );
    const report = explainPlan(plan, homelabStack(withoutDb));
    const result = evaluateGuard(report);
    expect(result.offenders.map((o) => [o.address, o.description, o.action, o.why])).toEqual([
      ["incus_instance.db", 'protected instance "homelab-db"', "delete", "it was removed from the configuration"],
      [
        "incus_storage_volume.pgdata",
        'persistent volume "homelab-pgdata"',
        "delete",
        "it was removed from the configuration",
      ],
      [
        "incus_storage_volume.shared",
        'persistent volume "homelab-shared"',
        "delete",
        "it was removed from the configuration",
      ],
    ]);
    // The ephemeral volume's kind is still known from the anchor it depends on in state: it may go.
    expect(report.volumes.find((v) => v.address === "incus_storage_volume.scratch")).toMatchObject({
      kind: "ephemeral",
      kindSource: "generation-anchor",
    });
    // web keeps running but loses the shared volume.
    const web = report.instances.find((i) => i.address === "incus_instance.web");
    // Its protect marker in state makes the provider refuse the delete: nothing is lost, and the guard refuses.
    expect(web?.volumes).toEqual([
      expect.objectContaining({
        address: "incus_storage_volume.shared",
        effect: "deleted",
        dataDestroyed: false,
        removal: expect.objectContaining({ policy: "protect", outcome: "refused" }),
      }),
    ]);
  });

  test("refuses a shared volume that would be deleted", () => {
    const plan = planOf(
      [change("incus_storage_volume.shared", "delete", STATE.volume("shared", "1GiB", true), null)],
      homelabPriorState(),
    );
    const result = evaluateGuard(explainPlan(plan, homelabStack()));
    expect(result.offenders).toEqual([
      expect.objectContaining({
        address: "incus_storage_volume.shared",
        description: 'shared volume "homelab-shared"',
        action: "delete",
        why: "the plan destroys it (a destroy plan)",
      }),
    ]);
  });

  test("refuses a protected instance that would be replaced", () => {
    const plan = planOf(
      [
        change(
          "incus_instance.db",
          "replace",
          STATE.db(true),
          { ...STATE.db(true), image: "debian-13" },
          { reason: "replace_because_cannot_update", replacePaths: [["image"]] },
        ),
      ],
      homelabPriorState(true),
    );
    const result = evaluateGuard(explainPlan(plan, homelabStack()));
    expect(result.offenders).toEqual([
      expect.objectContaining({
        address: "incus_instance.db",
        description: 'protected instance "homelab-db"',
        action: "replace",
        why: 'image: "debian-12" → "debian-13"',
      }),
    ]);
  });

  test("a volume of unknown lifecycle counts as persistent, the default", () => {
    const orphan = { name: "old-data", pool: "default", type: "custom", config: {} };
    const plan = planOf(
      [change("incus_storage_volume.old", "delete", orphan, null, { reason: "delete_because_no_resource_config" })],
      [{ address: "incus_storage_volume.old", values: orphan }],
    );
    const result = evaluateGuard(explainPlan(plan, homelabStack()));
    expect(result.offenders.map((o) => o.description)).toEqual(['persistent volume "old-data"']);
  });

  test("an incomplete plan never passes", () => {
    const plan = planOf([], homelabPriorState(), { errored: true, complete: false });
    const result = evaluateGuard(explainPlan(plan, homelabStack()));
    expect(result).toMatchObject({ passed: false, incompletePlan: true, offenders: [] });
    expect(renderGuard(result)).toContain("REFUSED: terraform reported errors while planning");
  });
});
