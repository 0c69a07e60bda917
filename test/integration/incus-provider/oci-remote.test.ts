// The provider's OCI remote `credentials_helper` through real terraform: refused at plan time at its attribute
// unless the block sets protocol = "oci", accepted with it. No registry is contacted: the Incus server pulls OCI
// images itself, so the helper is recorded with the remote but never run by the provider.
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(120_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("oci");
});

afterAll(async () => {
  await h?.close();
});

// Terraform validates and configures only a provider something uses.
const USES_PROVIDER = `data "incus_project" "default" {
  name = "default"
}`;

function remoteBlock(protocol: string | null): string {
  return `  remote {
    name               = "registry"
    address            = "https://registry.example.invalid"
${protocol ? `    protocol           = "${protocol}"\n` : ""}    credentials_helper = "docker-credential-example"
  }`;
}

test("credentials_helper needs protocol = oci, at plan time and at the attribute", async () => {
  h.config(USES_PROVIDER, remoteBlock("simplestreams"));
  const refused = await h.run(["plan", "-input=false", "-no-color"]);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain("credentials_helper needs an OCI remote");
  expect(refused.output).toContain('(it is "simplestreams")');
  // Terraform quotes the attribute's own line.
  expect(refused.output).toMatch(/in provider "incus":\n\s*\d+:\s+credentials_helper = "docker-credential-example"/);

  h.config(USES_PROVIDER, remoteBlock(null));
  const unset = await h.run(["plan", "-input=false", "-no-color"]);
  expect(unset.code).not.toBe(0);
  expect(unset.output).toContain("credentials_helper needs an OCI remote");

  h.config(USES_PROVIDER, remoteBlock("oci"));
  const accepted = await h.run(["plan", "-input=false", "-no-color"]);
  expect({ code: accepted.code, output: accepted.code === 0 ? "" : accepted.output }).toEqual({ code: 0, output: "" });
});
