// force_destroy of a project without profiles of its own (features.profiles=false: its instances use the default
// project's profiles). Incus's forced project delete (DELETE ?force=true, Incus 6.0.4) then resets the *default
// project's* default profile: its devices and description are gone, and every instance created afterwards on the host
// fails with "No root device could be found". The provider must delete the project's own objects and the project,
// and leave everything else alone. Runs on host u (scripts/setup-incus-hosts.sh), whose default profile has a root
// disk and eth0, so the local host's objects are never at risk.
import { hostsFile, httpsClient } from "../../support/incus-hosts";
import { TerraformWorkspace, requiredProviders } from "../../support/terraform";
import { uniqueName } from "../../support/incus";
import { upstreamHost } from "./upstream-acceptance/runner";

jest.setTimeout(180_000);

test("force_destroy of a project that shares the default profile leaves the default profile alone", async () => {
  const u = upstreamHost();
  const client = httpsClient(hostsFile().hosts.u!.address, "u");
  const project = uniqueName("pfd");
  const ws = TerraformWorkspace.create({ providers: ["incus"], prefix: "t-tf-pfd", env: { INCUS_CONF: u.configDir } });
  try {
    const before = (await client.profiles.get("default")).value;
    expect(Object.keys(before.devices).sort()).toEqual(["eth0", "root"]);
    ws.write(
      "main.tf",
      `${requiredProviders(["incus"])}
provider "incus" {}

resource "incus_project" "p" {
  name          = "${project}"
  force_destroy = true
  config = {
    "features.profiles" = false
    "features.images"   = false
  }
}
`,
    );
    await ws.init();
    await ws.apply();
    // Something the configuration does not manage lives in the project: force_destroy is what deletes it.
    await client.instances.create({ name: `${project}-c`, source: { type: "none" } }, { project });
    await ws.destroy();
    expect(await client.projects.find(project)).toBeUndefined();
    const after = (await client.profiles.get("default")).value;
    expect({ description: after.description, devices: after.devices }).toEqual({
      description: before.description,
      devices: before.devices,
    });
  } finally {
    ws.cleanup();
    const left = await client.projects.find(project);
    if (left) {
      for (const i of await client.instances.list({ project }))
        await client.instances.delete(i.name, { project }).catch(() => undefined);
      await client.projects.delete(project).catch(() => undefined);
    }
    await client.close();
  }
});
