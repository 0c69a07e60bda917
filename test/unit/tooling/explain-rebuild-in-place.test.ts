// explain on an Incus instance the bundled provider rebuilds in place (an update of its image, or of its cloud-init
// data with the record asking for a rebuild): it says so, and names the snapshot taken first of a volume that asks
// for one; a plain update and a replacement keep their words.
import { explainPlan, renderExplainText, renderExplainMarkdown } from "../../../lib/tooling";
import type { ExplainReport, InstanceReport } from "../../../lib/tooling";
import { change, homelabPriorState, homelabStack, planOf, STATE } from "./support/plans";

const REBUILD_RECORDS = {
  "user.cdktf-virt.image-change": "rebuild",
  "user.cdktf-virt.cloud-init-change": "rebuild",
};

function webReport(before: Record<string, unknown>, after: Record<string, unknown>, action: "update" | "replace") {
  const shared = { ...STATE.volume("shared", "1GiB", true) };
  shared.config = { ...(shared.config as object), "user.cdktf-virt.snapshot-before-rebuild": "2" };
  const prior = homelabPriorState().map((p) =>
    p.address === "incus_storage_volume.shared" ? { ...p, values: shared } : p,
  );
  const plan = planOf(
    [
      change("incus_instance.web", action, before, after, {
        afterUnknown: { ipv4_address: true },
        ...(action === "replace" ? { replacePaths: [["image"]] } : {}),
      }),
    ],
    prior,
  );
  return explainPlan(plan, homelabStack());
}

const web = (report: ExplainReport): InstanceReport =>
  report.instances.find((i) => i.address === "incus_instance.web")!;

describe("explain: an Incus instance rebuilt in place", () => {
  const before = { ...STATE.web(), config: { ...(STATE.web().config as object), ...REBUILD_RECORDS } };

  test("an image change planned as an update is a rebuild in place, with the snapshot before it", () => {
    const report = webReport(before, { ...before, image: "debian-14" }, "update");
    expect(web(report)).toMatchObject({ action: "update", rebuiltInPlace: "image" });
    const text = renderExplainText(report);
    expect(text).toContain(
      'incus_instance.web: instance "homelab-web" will be rebuilt in place (same instance, address and volumes kept)',
    );
    expect(text).toMatch(
      /shared volume "homelab-shared".*stays attached; data kept; snapshotted as rebuild-homelab-web-/,
    );
    expect(renderExplainMarkdown(report)).toContain(
      "will be rebuilt in place (same instance, address and volumes kept)",
    );
  });

  test("a cloud-init change is a rebuild in place only when the record asks for one", () => {
    const userData = (config: object, data: string) => ({ ...config, "cloud-init.user-data": data });
    const rebuilt = webReport(
      { ...before, config: userData(before.config, "a") },
      { ...before, config: userData(before.config, "b") },
      "update",
    );
    expect(web(rebuilt).rebuiltInPlace).toBe("cloud-init data");
    const optedOut = { ...before.config, "user.cdktf-virt.cloud-init-change": "update" };
    const updated = webReport(
      { ...before, config: userData(optedOut, "a") },
      { ...before, config: userData(optedOut, "b") },
      "update",
    );
    expect(web(updated).rebuiltInPlace).toBeUndefined();
    expect(renderExplainText(updated)).toContain('instance "homelab-web" will be updated in place');
  });

  test("a replacement (no record, or a rebuild the provider could not do) is still a replacement", () => {
    const report = webReport(STATE.web(), { ...STATE.web(), image: "debian-14" }, "replace");
    expect(web(report).rebuiltInPlace).toBeUndefined();
    expect(renderExplainText(report)).toContain(
      'instance "homelab-web" will be REPLACED (destroyed and created again)',
    );
  });
});
