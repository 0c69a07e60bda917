// libvirt: { cloudInit } on an Instance: a libvirt_cloudinit_disk attached as a cdrom, EPHEMERAL with the domain
// (it names the generation anchor; its contents are in the anchor's triggers, so a change rebuilds the domain).
import { Instance, LibvirtHost, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import type { TerraformJson } from "../../support/terraform-json";
import { errorOf, newStack, only, resource, synth } from "./support";

function lab() {
  const stack = newStack();
  const kvm = new LibvirtHost(stack, "kvm");
  const images = new StoragePool(stack, "images", { host: kvm, path: "/i" });
  const overlay = () => {
    const base = new Volume(stack, "debian", { pool: images, size: "2GiB" });
    return new Volume(stack, "root", {
      pool: images,
      libvirt: { baseVolume: base },
      lifecycle: VolumeLifecycle.EPHEMERAL,
    });
  };
  return { stack, kvm, images, overlay };
}

const userData = "#cloud-config\nhostname: vm\n";

describe("Instance libvirt.cloudInit", () => {
  test("a cloud-init disk in the attached volume's pool, attached as a read-only cdrom after the volumes", () => {
    const { stack, kvm, overlay } = lab();
    const root = overlay();
    const vm = new Instance(stack, "vm", {
      host: kvm,
      libvirt: { cloudInit: { userData, metaData: "instance-id: vm-1\n" } },
    });
    vm.attach(root, { path: "vda" });
    const json = synth(stack);
    const seed = only(json, "libvirt_cloudinit_disk");
    expect(seed).toEqual({
      name: "homelab-vm-cloudinit.iso",
      pool: "${libvirt_pool.images.name}",
      user_data: userData,
      meta_data: "instance-id: vm-1\n",
      provider: "libvirt",
      lifecycle: { replace_triggered_by: [expect.stringMatching(/^terraform_data\./)] },
    });
    const [seedId] = Object.keys(json.resource.libvirt_cloudinit_disk);
    const domain = resource(json, "libvirt_domain", "vm");
    expect(domain.devices.disks).toHaveLength(2);
    expect(domain.devices.disks[0].target).toEqual({ dev: "vda", bus: "virtio" });
    expect(domain.devices.disks[1]).toEqual({
      device: "cdrom",
      read_only: true,
      source: {
        volume: {
          pool: `\${libvirt_cloudinit_disk.${seedId}.pool}`,
          volume: `\${libvirt_cloudinit_disk.${seedId}.name}`,
        },
      },
      target: { dev: "sda", bus: "sata" },
    });
  });

  test("EPHEMERAL with the domain: both name the anchor, whose triggers hold the seed's contents", () => {
    const { stack, kvm, overlay } = lab();
    const root = overlay();
    const vm = new Instance(stack, "vm", {
      host: kvm,
      libvirt: { cloudInit: { userData, networkConfig: "version: 2\n" } },
    });
    vm.attach(root, { path: "vda" });
    const json = synth(stack);
    const [anchorId] = Object.keys(json.resource.terraform_data);
    const anchor = json.resource.terraform_data[anchorId];
    expect(anchor.triggers_replace.instance).toEqual({
      name: "homelab-vm",
      type: "kvm",
      cloud_init: { user_data: userData, network_config: "version: 2\n" },
    });
    const address = `terraform_data.${anchorId}`;
    expect(only(json, "libvirt_cloudinit_disk").lifecycle).toEqual({ replace_triggered_by: [address] });
    expect(resource(json, "libvirt_domain", "vm").lifecycle.replace_triggered_by).toContain(address);
  });

  test("a domain without volumes gets its own anchor; an explicit pool; the cdrom takes the first free sdX", () => {
    const { stack, kvm, images } = lab();
    const data = new Volume(stack, "data", { pool: images, size: "1GiB" });
    const vm = new Instance(stack, "vm", { host: kvm, libvirt: { cloudInit: { userData, pool: images } } });
    vm.attach(data, { path: "sda" });
    const json = synth(stack);
    const anchors = Object.keys(json.resource.terraform_data);
    expect(anchors).toHaveLength(1);
    expect(resource(json, "libvirt_domain", "vm").lifecycle.replace_triggered_by).toEqual([
      `terraform_data.${anchors[0]}`,
    ]);
    expect(only(json, "libvirt_cloudinit_disk").pool).toBe("${libvirt_pool.images.name}");
    const cdrom = resource(json, "libvirt_domain", "vm").devices.disks.find((d: TerraformJson) => d.device === "cdrom");
    expect(cdrom.target).toEqual({ dev: "sdb", bus: "sata" });
  });

  test("errors: no pool to store the seed in, a pool of another host", () => {
    const { stack, kvm } = lab();
    new Instance(stack, "lonely", { host: kvm, libvirt: { cloudInit: { userData } } });
    expect(errorOf(() => synth(stack))).toMatch(
      /Instance "homelab\/lonely", prop "libvirt.cloudInit.pool": is needed when the instance has no attached volume/,
    );
    const other = new LibvirtHost(stack, "other");
    const far = new StoragePool(stack, "far", { host: other, path: "/f" });
    expect(
      errorOf(() => new Instance(stack, "x", { host: kvm, libvirt: { cloudInit: { userData, pool: far } } })),
    ).toMatch(/prop "libvirt.cloudInit.pool": the pool "homelab\/far" is on another host/);
  });
});
