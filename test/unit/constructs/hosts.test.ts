import { TerraformStack, Testing } from "cdktf";
import { IncusHost, IncusProviderSource, Instance, LibvirtHost, StoragePool } from "../../../lib";
import { PROVIDER_VERSION } from "../../../lib/packaging";
import type { TerraformJson } from "../../support/terraform-json";
import { errorOf, newStack, only, synth } from "./support";

describe("IncusHost", () => {
  it("defaults to the local socket and the bundled provider at the package version", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    new StoragePool(stack, "pool", { host });
    const json = synth(stack);
    expect(host.remoteName).toBe("lab");
    expect(json.terraform.required_providers.incus).toEqual({
      source: "registry.cdktf-virt.local/cdktf-virt/incus",
      version: PROVIDER_VERSION,
    });
    expect(json.provider.incus).toEqual([{ default_remote: "lab", remote: [{ name: "lab", address: "unix://" }] }]);
    expect(only(json, "incus_storage_pool").remote).toBe("lab");
  });

  it("several hosts share ONE provider with one remote block each; resources name their remote", () => {
    const stack = newStack();
    const a = new IncusHost(stack, "a");
    const b = new IncusHost(stack, "b", { address: "https://10.0.0.2:8443", token: "tok" });
    new StoragePool(stack, "pa", { host: a });
    new StoragePool(stack, "pb", { host: b });
    const json = synth(stack);
    expect(json.provider.incus).toHaveLength(1);
    expect(json.provider.incus[0].remote).toEqual([
      { name: "a", address: "unix://" },
      { name: "b", address: "https://10.0.0.2:8443", token: "tok" },
    ]);
    expect(json.provider.incus[0].default_remote).toBe("a");
    expect(json.resource.incus_storage_pool.pa.remote).toBe("a");
    expect(json.resource.incus_storage_pool.pb.remote).toBe("b");
  });

  it("can use the official lxc/incus provider, emitting the same resources", () => {
    const official = newStack();
    const bundled = newStack();
    for (const [stack, source] of [
      [official, IncusProviderSource.OFFICIAL],
      [bundled, IncusProviderSource.BUNDLED],
    ] as const) {
      const host = new IncusHost(stack, "lab", {
        providerSource: source,
        providerVersion: source === IncusProviderSource.OFFICIAL ? "~> 1.0" : undefined,
      });
      const pool = new StoragePool(stack, "pool", { host });
      new Instance(stack, "web", { host, image: "debian-13", rootDisk: { pool } });
    }
    const a = synth(official);
    const b = synth(bundled);
    expect(a.terraform.required_providers.incus).toEqual({ source: "lxc/incus", version: "~> 1.0" });
    expect(a.resource).toEqual(b.resource);
    expect(a.provider).toEqual(b.provider);
  });

  it("rejects hosts of one stack that disagree on the provider source", () => {
    const stack = newStack();
    new IncusHost(stack, "a");
    expect(errorOf(() => new IncusHost(stack, "b", { providerSource: IncusProviderSource.OFFICIAL }))).toMatch(
      /IncusHost "homelab\/b".*share one incus provider.*"homelab\/a" uses the bundled provider.*official/,
    );
  });

  it("rejects duplicate remote names, bad addresses and misplaced settings, naming the construct path and prop", () => {
    const stack = newStack();
    new IncusHost(stack, "a", { name: "lab" });
    expect(errorOf(() => new IncusHost(stack, "b", { name: "lab" }))).toMatch(
      /IncusHost "homelab\/b", prop "name": the remote name "lab" is already used by IncusHost "homelab\/a"/,
    );
    expect(errorOf(() => new IncusHost(stack, "c", { address: "tcp://x" }))).toMatch(
      /IncusHost "homelab\/c", prop "address": "tcp:\/\/x" is not an Incus address/,
    );
    expect(errorOf(() => new IncusHost(stack, "d", { token: "t" }))).toMatch(
      /prop "token": a trust token only makes sense for an https:\/\/ address/,
    );
    expect(errorOf(() => new IncusHost(stack, "e", { providerVersion: "1.0" }))).toMatch(/prop "providerVersion"/);
    expect(errorOf(() => new IncusHost(stack, "f", { name: "bad name" }))).toMatch(
      /prop "name": "bad name" is not a valid name/,
    );
  });

  it("provider-wide settings must agree between hosts", () => {
    const stack = newStack();
    new IncusHost(stack, "a", { configDir: "/etc/incus-a" });
    new IncusHost(stack, "b", { configDir: "/etc/incus-a", address: "https://h:8443" });
    expect(errorOf(() => new IncusHost(stack, "c", { configDir: "/other", address: "https://h2:8443" }))).toMatch(
      /IncusHost "homelab\/c", prop "configDir": configDir is provider-wide/,
    );
    expect(synth(stack).provider.incus[0].config_dir).toBe("/etc/incus-a");
  });

  it("keeps stacks apart: each stack gets its own provider", () => {
    const app = Testing.app();
    const s1 = new TerraformStack(app, "one");
    const s2 = new TerraformStack(app, "two");
    new StoragePool(s1, "pool", { host: new IncusHost(s1, "lab") });
    new StoragePool(s2, "pool", { host: new IncusHost(s2, "lab") });
    expect(JSON.parse(Testing.synth(s1)).provider.incus).toHaveLength(1);
    expect(JSON.parse(Testing.synth(s2)).provider.incus).toHaveLength(1);
  });
});

describe("LibvirtHost", () => {
  it("uses the bundled libvirt provider with qemu:///system by default", () => {
    const stack = newStack();
    const kvm = new LibvirtHost(stack, "kvm");
    new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
    const json = synth(stack);
    expect(json.terraform.required_providers.libvirt).toEqual({
      source: "registry.cdktf-virt.local/cdktf-virt/libvirt",
      version: PROVIDER_VERSION,
    });
    expect(json.provider.libvirt).toEqual([{ uri: "qemu:///system" }]);
    expect(only(json, "libvirt_pool").provider).toBe("libvirt");
  });

  it("gives the second host an alias and routes its resources to it", () => {
    const stack = newStack();
    const a = new LibvirtHost(stack, "kvm1");
    const b = new LibvirtHost(stack, "kvm2", { uri: "qemu+ssh://root@kvm2/system" });
    new StoragePool(stack, "p1", { host: a, path: "/p1" });
    new StoragePool(stack, "p2", { host: b, path: "/p2" });
    const json = synth(stack);
    expect(json.provider.libvirt).toEqual([
      { uri: "qemu:///system" },
      { uri: "qemu+ssh://root@kvm2/system", alias: "kvm2" },
    ]);
    expect(json.resource.libvirt_pool.p1.provider).toBe("libvirt");
    expect(json.resource.libvirt_pool.p2.provider).toBe("libvirt.kvm2");
  });

  it("rejects a malformed URI", () => {
    expect(errorOf(() => new LibvirtHost(newStack(), "kvm", { uri: "system" }))).toMatch(
      /LibvirtHost "homelab\/kvm", prop "uri": "system" is not a libvirt URI/,
    );
  });

  it("rejects a name Terraform refuses as a provider alias ('.', a leading digit)", () => {
    const stack = newStack();
    new LibvirtHost(stack, "kvm1");
    expect(errorOf(() => new LibvirtHost(stack, "kvm2", { uri: "qemu+ssh://root@kvm2/system", name: "kvm.lab" }))).toBe(
      `LibvirtHost "homelab/kvm2", prop "name": "kvm.lab" is not a valid name; use letters, digits, '_' or '-', starting with a letter or '_'`,
    );
    expect(errorOf(() => new LibvirtHost(stack, "kvm3", { uri: "qemu+ssh://root@kvm3/system", name: "2kvm" }))).toMatch(
      /LibvirtHost "homelab\/kvm3", prop "name": "2kvm" is not a valid name/,
    );
  });

  it("derives valid aliases from construct ids with '.' or a leading digit", () => {
    const stack = newStack();
    const a = new LibvirtHost(stack, "kvm");
    const b = new LibvirtHost(stack, "kvm.lab", { uri: "qemu+ssh://root@kvm-lab/system" });
    const c = new LibvirtHost(stack, "2nd", { uri: "qemu+ssh://root@second/system" });
    new StoragePool(stack, "p1", { host: a, path: "/p1" });
    new StoragePool(stack, "p2", { host: b, path: "/p2" });
    new StoragePool(stack, "p3", { host: c, path: "/p3" });
    const json = synth(stack);
    expect(json.provider.libvirt.map((p: TerraformJson) => p.alias)).toEqual([undefined, "kvm-lab", "x-2nd"]);
    expect(json.resource.libvirt_pool.p2.provider).toBe("libvirt.kvm-lab");
    expect(json.resource.libvirt_pool.p3.provider).toBe("libvirt.x-2nd");
  });
});
