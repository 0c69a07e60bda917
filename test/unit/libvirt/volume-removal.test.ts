// libvirt_volume's removal_policy at plan time: protect refuses a delete, retain and snapshot say what will happen,
// destroy (or unset) plans a plain delete; and the restore command of a final copy.
import { Diagnostics } from "../../../lib/provider/framework";
import { volumeSchema } from "../../../lib/provider/libvirt";
import { planVolumeRemoval, restoreCommand } from "../../../lib/provider/libvirt/volume/removal";
import { valuesOf } from "./support/models";

function planDelete(policy: string | null): Diagnostics {
  const diagnostics = new Diagnostics();
  const prior = valuesOf(volumeSchema, { name: "data", pool: "images", removal_policy: policy });
  expect(
    planVolumeRemoval({ config: null, prior, planned: null, requiresReplace: [] }, diagnostics).planned,
  ).toBeNull();
  return diagnostics;
}

test("protect refuses the delete on the removal_policy attribute", () => {
  expect(planDelete("protect").errors[0]).toMatchObject({
    summary: "Volume images/data is protected",
    path: ["removal_policy"],
  });
});

test("retain and snapshot warn with what will happen; destroy and unset say nothing", () => {
  expect(planDelete("retain").all[0]).toMatchObject({
    severity: "warning",
    detail: "Volume images/data will be kept on the host with its data; it is only removed from the state.",
  });
  expect(planDelete("snapshot").all[0].detail).toContain(
    "standalone copy is kept as images/data-final-<yyyymmddThhmmssZ>",
  );
  expect(planDelete("destroy").all).toHaveLength(0);
  expect(planDelete(null).all).toHaveLength(0);
});

test("a create or update is left alone", () => {
  const diagnostics = new Diagnostics();
  const planned = valuesOf(volumeSchema, { name: "data", pool: "images", removal_policy: "protect" });
  expect(planVolumeRemoval({ config: planned, prior: null, planned, requiresReplace: [] }, diagnostics).planned).toBe(
    planned,
  );
  expect(diagnostics.all).toHaveLength(0);
});

test("the restore command clones the copy back under the old name", () => {
  expect(restoreCommand("qemu:///system", "images", "data-final-20260102T030405Z", "data")).toBe(
    "virsh -c qemu:///system vol-clone --pool images data-final-20260102T030405Z data",
  );
});
