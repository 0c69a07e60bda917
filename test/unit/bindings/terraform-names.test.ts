// cdktf derives a resource's Terraform name from its construct ids; ids that leave no valid name (or one the
// synthesized JSON object cannot hold) are a synth error naming the id, not a resource that silently vanishes.
import { TerraformStack, Testing } from "cdktf";
import { IncusHost, Profile } from "../../../lib";

function synthError(ids: string[]): string {
  const stack = new TerraformStack(Testing.app(), "s");
  const host = new IncusHost(stack, "h", {});
  for (const id of ids) new Profile(stack, id, { host });
  try {
    Testing.synth(stack, true);
  } catch (e) {
    return (e as Error).message;
  }
  return "";
}

test("an id that leaves no Terraform name is refused, naming the id", () => {
  expect(synthError(["web", " "])).toMatch(
    /\[s\/ \/Default\] construct id " " gives the Terraform resource name "", which Terraform rejects/,
  );
});

test('an id that leaves "__proto__" is refused: the JSON object would drop the resource', () => {
  expect(synthError(["__proto__ ", "web"])).toMatch(
    /construct id "__proto__ " gives the Terraform resource name "__proto__", which the synthesized JSON cannot hold; give the construct an id that starts with a letter/,
  );
});

test("ordinary ids synthesize", () => {
  expect(synthError(["web", "db.data", "Data-1", "_x"])).toBe("");
});
