// The plan of an image or cloud-init change of incus_instance: replaced as in the official provider unless the
// instance's records ask for a rebuild in place, and then rebuilt only where that is safe.
import { UNKNOWN, isUnknown } from "../../../lib/provider/framework";
import type { ModifyPlanRequest } from "../../../lib/provider/framework";
import { modifyInstancePlan } from "../../../lib/provider/incus/instance/plan";
import { decideRebuild, rebuildBlockedByHost } from "../../../lib/provider/incus/instance/rebuild-plan";
import type { InstanceState, instanceSchema } from "../../../lib/provider/incus/instance/schema";

const REBUILD = { "user.cdktf-virt.image-change": "rebuild", "user.cdktf-virt.cloud-init-change": "rebuild" };
const root = { name: "root", type: "disk", properties: { path: "/", pool: "p1" } };

const prior = {
  name: "c1",
  description: "",
  type: "container",
  image: "img-a",
  ephemeral: false,
  running: true,
  profiles: ["default"],
  project: null,
  remote: null,
  target: "",
  config: { ...REBUILD, "cloud-init.user-data": "#cloud-config\n" },
  exec: null,
  source_instance: null,
  source_file: null,
  architecture: "x86_64",
  ipv4_address: "10.0.0.2",
  ipv6_address: "",
  mac_address: "00:16:3e:00:00:01",
  status: "Running",
  interfaces: null,
  wait_for: [],
  device: [root],
  file: [],
} as unknown as InstanceState;

type Planned = Parameters<typeof decideRebuild>[1];
const planned = (overrides: Record<string, unknown>): Planned => ({ ...prior, ...overrides }) as unknown as Planned;
const withConfig = (config: Record<string, string>) => planned({ config: { ...prior.config, ...config } });

describe("decideRebuild", () => {
  test("nothing to decide when neither the image nor the cloud-init data changes", () => {
    expect(decideRebuild(prior, withConfig({ "user.other": "x" }))).toEqual({ action: "none" });
  });

  test("an image change with the record rebuilds in place", () => {
    expect(decideRebuild(prior, planned({ image: "img-b" }))).toEqual({ action: "rebuild", because: "image" });
  });

  test("an image change without the record (plain HCL) replaces, as the official provider does", () => {
    const plain = { "cloud-init.user-data": "#cloud-config\n" };
    expect(decideRebuild({ ...prior, config: plain }, planned({ image: "img-b", config: plain }))).toEqual({
      action: "replace",
      paths: [["image"]],
    });
  });

  test("the record set to replace replaces", () => {
    const config = { ...prior.config, "user.cdktf-virt.image-change": "replace" };
    expect(decideRebuild(prior, planned({ image: "img-b", config }))).toMatchObject({ action: "replace" });
  });

  test.each([
    "cloud-init.user-data",
    "cloud-init.vendor-data",
    "cloud-init.network-config",
    "user.user-data",
    "user.vendor-data",
    "user.network-config",
  ])("a change of %s rebuilds with the record", (key) => {
    expect(decideRebuild(prior, withConfig({ [key]: "new" }))).toEqual({
      action: "rebuild",
      because: "cloud-init data",
    });
  });

  test("a cloud-init change without the record, or with it set to update, is a plain update", () => {
    const plain = { "cloud-init.user-data": "a" };
    expect(decideRebuild({ ...prior, config: plain }, planned({ config: { "cloud-init.user-data": "b" } }))).toEqual({
      action: "none",
    });
    const optOut = { ...prior.config, "user.cdktf-virt.cloud-init-change": "update", "cloud-init.user-data": "b" };
    expect(decideRebuild(prior, planned({ config: optOut }))).toEqual({ action: "none" });
  });

  test("an unknown image counts as a change; an unknown config cannot ask for a rebuild", () => {
    expect(decideRebuild(prior, planned({ image: UNKNOWN }))).toMatchObject({ action: "rebuild" });
    expect(decideRebuild(prior, planned({ image: "img-b", config: UNKNOWN }))).toEqual({
      action: "replace",
      paths: [["image"]],
    });
  });

  test.each([
    ["an ephemeral instance", { ephemeral: true }, /ephemeral/],
    ["a changed type", { type: "virtual-machine" }, /type changes/],
    ["an image removed", { image: null }, /no image/],
    ["a root disk on another pool", { device: [{ ...root, properties: { path: "/", pool: "p2" } }] }, /pool/],
    ["a root disk from the profiles", { device: [] }, /pool/],
    ["changed profiles", { profiles: ["default", "big"] }, /profiles/],
    ["unknown devices", { device: UNKNOWN }, /not known/],
    ["a backup restore", { source_file: "/backup.tar.gz" }, /backup/],
  ])("%s falls back to replace and says why", (_label, overrides, why) => {
    const decision = decideRebuild(prior, planned({ image: "img-b", ...overrides }));
    expect(decision).toMatchObject({ action: "replace", paths: [["image"]] });
    expect(decision.action === "replace" && decision.fallback).toMatch(why);
  });

  test("an instance copied from another one is replaced", () => {
    const copied = { ...prior, image: null, source_instance: { project: "default", name: "x", snapshot: null } };
    const decision = decideRebuild(
      copied as InstanceState,
      planned({ ...copied, config: { ...prior.config, "cloud-init.user-data": "b" } }),
    );
    expect(decision).toMatchObject({ action: "replace", paths: [["config", { key: "cloud-init.user-data" }]] });
    expect(decision.action === "replace" && decision.fallback).toMatch(/copied/);
  });

  test("what the host reports (snapshots) turns a rebuild into a replacement", () => {
    expect(rebuildBlockedByHost(0)).toBeUndefined();
    const blocked = rebuildBlockedByHost(2);
    expect(blocked).toMatch(/2 snapshots/);
    expect(decideRebuild(prior, withConfig({ "cloud-init.user-data": "b" }), blocked)).toEqual({
      action: "replace",
      paths: [["config", { key: "cloud-init.user-data" }]],
      fallback: blocked,
    });
  });
});

describe("modifyInstancePlan", () => {
  const request = (after: Planned) =>
    ({ config: after, prior, planned: after, requiresReplace: [] }) as unknown as ModifyPlanRequest<
      typeof instanceSchema
    >;

  test("a rebuild is an update whose status and addresses are known only after apply", () => {
    const response = modifyInstancePlan(request(planned({ image: "img-b" })));
    expect(response.requiresReplace).toEqual([]);
    expect(isUnknown(response.planned!.status)).toBe(true);
    expect(isUnknown(response.planned!.ipv4_address)).toBe(true);
  });

  test("a replacement names the image as its cause", () => {
    const config = { ...prior.config, "user.cdktf-virt.image-change": "replace" };
    expect(modifyInstancePlan(request(planned({ image: "img-b", config }))).requiresReplace).toEqual([["image"]]);
  });
});
