// The examples synthesize to what their descriptions promise.
import { Testing } from "cdktf";
import { HomelabStack } from "../../../examples/homelab/stack";
import { LibvirtRebuildStack } from "../../../examples/libvirt-rebuild/stack";
import { SharedDiskStack } from "../../../examples/shared-disk/stack";
import { UefiVmStack } from "../../../examples/uefi-vm/stack";
import { WebForwardStack } from "../../../examples/web-forward/stack";
import type { TerraformJson } from "../../support/terraform-json";
import { resource, resourcesOf, synth, warningsOf } from "./support";

describe("examples", () => {
  it("homelab: project, isolated network, pool, db with persistent + ephemeral volumes, web; names prefixed by the stack", () => {
    const stack = new HomelabStack(Testing.app(), "cdktf-virt-homelab", { image: "cdktf-virt-busybox" });
    const json = synth(stack);
    expect(warningsOf(stack)).toEqual([]); // the examples use no deprecated prop
    expect(Object.keys(resourcesOf(json, "incus_project"))).toEqual(["apps"]);
    expect(resource(json, "incus_network", "net").config).toMatchObject({
      "ipv4.address": "none",
      "ipv6.address": "none",
    });
    expect(resource(json, "incus_storage_pool", "pool").driver).toBe("dir");
    expect(resource(json, "incus_storage_volume", "dbdata").lifecycle).toEqual({ prevent_destroy: true });
    const [anchorId] = Object.keys(resourcesOf(json, "terraform_data"));
    expect(resource(json, "incus_storage_volume", "scratch").lifecycle).toEqual({
      replace_triggered_by: [`terraform_data.${anchorId}`],
    });
    expect(resource(json, "incus_instance", "db").lifecycle).toEqual({
      replace_triggered_by: [`terraform_data.${anchorId}`],
    });
    expect(resource(json, "incus_instance", "web").file[0].target_path).toBe("/srv/www/index.html");
    const names = Object.values(json.resource)
      .flatMap((byId: TerraformJson) => Object.values<TerraformJson>(byId))
      .map((r) => r.name)
      .filter(Boolean);
    for (const name of names) expect(name).toMatch(/^cdktf-virt-homelab-|^cdkt-net-[0-9a-f]{6}$/);
    expect(json.output).toHaveProperty("db_name");
  });

  it("shared-disk: one SHARED volume on two instances (block + security.shared on VMs when asked)", () => {
    const fsStack = new SharedDiskStack(Testing.app(), "sd", { image: "img" });
    const fsJson = synth(fsStack);
    expect(warningsOf(fsStack)).toEqual([]);
    const vol = resource(fsJson, "incus_storage_volume", "shared");
    expect(vol.lifecycle).toEqual({ prevent_destroy: true });
    for (const id of ["node1", "node2"])
      expect(resource(fsJson, "incus_instance", id).device).toContainEqual(expect.objectContaining({ name: "shared" }));
    const blockJson = synth(new SharedDiskStack(Testing.app(), "sd", { image: "img", block: true }));
    expect(resource(blockJson, "incus_storage_volume", "shared")).toMatchObject({
      content_type: "block",
      config: expect.objectContaining({ "security.shared": "true" }),
    });
    expect(resource(blockJson, "incus_instance", "node1").type).toBe("virtual-machine");
  });

  it("libvirt-rebuild: base qcow2 + ephemeral overlay + persistent data volume on one domain", () => {
    const stack = new LibvirtRebuildStack(Testing.app(), "lr", {
      poolDir: "/tmp/lr",
      hypervisor: "qemu",
      shutdownTimeoutSeconds: 5,
    });
    const json = synth(stack);
    expect(warningsOf(stack)).toEqual([]);
    expect(resource(json, "libvirt_pool", "images").target).toEqual({ path: "/tmp/lr" });
    expect(resource(json, "libvirt_volume", "root").backing_store.path).toBe("${libvirt_volume.base.path}");
    expect(resource(json, "libvirt_volume", "data").lifecycle).toEqual({ prevent_destroy: true });
    const [anchorId] = Object.keys(resourcesOf(json, "terraform_data"));
    expect(json.resource.terraform_data[anchorId].lifecycle).toEqual({
      replace_triggered_by: ["capacity", "id", "name", "pool", "target"].map((a) => `libvirt_volume.base.${a}`),
    });
    expect(resource(json, "libvirt_domain", "vm").devices.disks.map((d: TerraformJson) => d.target.dev)).toEqual([
      "vda",
      "vdb",
    ]);
    expect(resource(json, "libvirt_domain", "vm")).toMatchObject({
      type: "qemu",
      update: { shutdown: { timeout: 5 } },
    });
  });

  it("uefi-vm: UEFI firmware, VNC with a sensitive password variable, NAT network, data disk, cloud-init seed", () => {
    const stack = new UefiVmStack(Testing.app(), "uv", { poolDir: "/tmp/uv" });
    const json = synth(stack);
    expect(warningsOf(stack)).toEqual([]);
    expect(json.variable.vnc_password).toMatchObject({ type: "string", sensitive: true });
    expect(resource(json, "libvirt_network", "nat").forward).toEqual({ mode: "nat" });
    const vm = resource(json, "libvirt_domain", "vm");
    expect(vm.os).toMatchObject({ loader: "/usr/share/OVMF/OVMF_CODE_4M.fd", loader_type: "pflash" });
    expect(vm.devices.graphics).toEqual([{ vnc: { listen: "127.0.0.1", passwd: "${var.vnc_password}" } }]);
    expect(vm.devices.interfaces[0].mac.address).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    expect(vm.devices.disks.map((d: TerraformJson) => d.target.dev)).toEqual(["vda", "vdb", "sda"]);
    expect(resource(json, "libvirt_volume", "data").lifecycle).toEqual({ prevent_destroy: true });
    expect(resourcesOf(json, "libvirt_cloudinit_disk")).not.toEqual({});
  });

  it("web-forward: a web container at a fixed address, a forward to its port 80, an ACL on its network", () => {
    const stack = new WebForwardStack(Testing.app(), "web", { image: "img", subnet: "10.50.0" });
    const json = synth(stack);
    expect(warningsOf(stack)).toEqual([]);
    const web = resource(json, "incus_instance", "web");
    expect(web.device.find((d: TerraformJson) => d.name === "eth0").properties["ipv4.address"]).toBe("10.50.0.10");
    expect(resource(json, "incus_network", "net").config["security.acls"]).toBe("${incus_network_acl.web-acl.name}");
    const [forward] = Object.values(resourcesOf(json, "incus_network_forward"));
    expect(forward).toMatchObject({
      listen_address: "198.51.100.240",
      ports: [{ listen_port: "8080", target_port: "80", target_address: "10.50.0.10", protocol: "tcp" }],
    });
    expect(stack.url).toBe("198.51.100.240:8080");
  });
});
