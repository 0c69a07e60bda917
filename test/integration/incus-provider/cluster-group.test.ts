// incus_cluster_group against the real three-member cluster of scripts/setup-incus-hosts.sh, reached over HTTPS
// through the remote "cluster" of the tests' client configuration: create, read back, members and description
// changed in place, drift of the members, import with an empty plan after it, replacement on a new name, destroy
// of a group that still has members. Also: a config on this Incus (6.0, no clustering_groups_config) and a group
// on the standalone local server are refused with what is missing. Only groups with this file's prefix are touched.
import type { IncusClient } from "../../../lib/incus";
import { hostsFile } from "../../support/incus-hosts";
import { clusterClient, requireCluster } from "../cluster/support";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let cluster: IncusClient;

beforeAll(async () => {
  cluster = clusterClient();
  await requireCluster(cluster);
  h = await harness("cgrp");
});

afterAll(async () => {
  try {
    await h?.close();
  } finally {
    await cluster?.close();
  }
});

/** A group name of this file, removed (emptied first) after the tests. */
function groupName(suffix: string): string {
  const name = h.name(suffix);
  h.cleanup.add(`cluster group ${name}`, async () => {
    const found = await cluster.clusterGroups.find(name);
    if (!found) return;
    await cluster.clusterGroups.update(name, { description: "", members: [] });
    await cluster.clusterGroups.delete(name);
  });
  return name;
}

const PROVIDER = (): string => `  config_dir = "${hostsFile().configDir}"`;

function group(name: string, body: string): string {
  return `resource "incus_cluster_group" "g" {\n  remote = "cluster"\n  name   = "${name}"\n${body}\n}\n`;
}

test("incus_cluster_group create, update, drift, import, replace, destroy", async () => {
  const name = groupName("a");
  h.config(group(name, `  members = ["member2"]`), PROVIDER());
  await h.apply();

  const live = (await cluster.clusterGroups.get(name)).value;
  expect(live.members).toEqual(["member2"]);
  expect(live.description).toBe("");
  const state = await h.ws.resource("incus_cluster_group.g");
  expect(state?.values).toMatchObject({ name, members: ["member2"], description: "", config: {}, remote: "cluster" });
  await h.expectNoChanges();

  // In place: other members and a description.
  h.config(group(name, `  description = "edge"\n  members     = ["member1", "member3"]`), PROVIDER());
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await cluster.clusterGroups.get(name)).value;
  expect([...(updated.members ?? [])].sort()).toEqual(["member1", "member3"]);
  expect(updated.description).toBe("edge");
  await h.expectNoChanges();

  // Drift: a member added out of band shows in the plan; apply takes it out again.
  await cluster.clusterGroups.update(name, { description: "edge", members: ["member1", "member2", "member3"] });
  expect(await h.expectChanges()).toMatch(/- "member2"/);
  await h.apply();
  expect([...((await cluster.clusterGroups.get(name)).value.members ?? [])].sort()).toEqual(["member1", "member3"]);

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_cluster_group.g"]);
  await h.import("incus_cluster_group.g", `cluster:${name}`);
  await h.expectNoChanges();

  // A new name replaces the group; the old one (with members) is emptied and deleted.
  const other = groupName("b");
  h.config(group(other, `  description = "edge"\n  members     = ["member1", "member3"]`), PROVIDER());
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await cluster.clusterGroups.find(name)).toBeUndefined();
  expect((await cluster.clusterGroups.get(other)).value.members?.length).toBe(2);

  await h.ws.destroy();
  expect(await cluster.clusterGroups.find(other)).toBeUndefined();
});

test("a group config without clustering_groups_config and a group on a standalone server are refused", async () => {
  const name = groupName("cfg");
  h.config(group(name, `  config = { "user.role" = "x" }`), PROVIDER());
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /incus_cluster_group needs the Incus API extension "clustering_groups_config"/);
  expect(await cluster.clusterGroups.find(name)).toBeUndefined();

  // The local daemon is a standalone server.
  h.config(`resource "incus_cluster_group" "g" {\n  name = "${h.name("local")}"\n}\n`);
  const r = await h.applyFails();
  expectOutput(r, /incus_cluster_group: the Incus server is not a cluster/);
  expect(await h.client.clusterGroups.find(h.name("local")).catch(() => undefined)).toBeUndefined();
});
