// What only one backend has: read through `construct.incus` / `construct.libvirt` (undefined on the other backend's
// host; a compile error there with a typed host, see test/types/backend-getters.ts), and the flat getters and props of
// the previous release, which keep working with a deprecation warning.
import { TerraformOutput } from "cdktf";
import { Instance, Network, Project, StoragePool, Volume, VolumeContentType, VolumeFormat } from "../../../lib";
import type { IHost } from "../../../lib";
import type { TerraformJson } from "../../support/terraform-json";
import {
  errorOf,
  incusStackWithPool as incus,
  libvirtStackWithPool as libvirt,
  resource,
  synth,
  warningsOf,
} from "./support";

describe("instance.incus / instance.libvirt", () => {
  test("an Incus instance shows its project; it has no libvirt view", () => {
    const { stack, host } = incus();
    const apps = new Project(stack, "apps", { host });
    const db = new Instance<IHost>(stack, "db", { host, incus: { image: "debian-13", project: apps } });
    expect(db.incus?.project).toBe(apps);
    expect(db.libvirt).toBeUndefined();
  });

  test("a libvirt domain shows its MAC address; it has no Incus view", () => {
    const { stack, host } = libvirt();
    const network = new Network(stack, "net", { host });
    const vm = new Instance<IHost>(stack, "vm", { host, network });
    new TerraformOutput(stack, "mac", { value: vm.libvirt?.macAddress });
    const json = synth(stack);
    expect(json.output.mac.value).toBe("${libvirt_domain.vm.devices.interfaces[0].mac.address}");
    expect(vm.incus).toBeUndefined();
    expect(warningsOf(stack)).toEqual([]);
  });

  test("the flat macAddress still works on libvirt, with a warning; on Incus it is an error", () => {
    const { stack, host } = libvirt();
    const vm = new Instance(stack, "vm", { host, network: new Network(stack, "net", { host }) });
    new TerraformOutput(stack, "mac", { value: vm.macAddress });
    expect(synth(stack).output.mac.value).toBe("${libvirt_domain.vm.devices.interfaces[0].mac.address}");
    expect(warningsOf(stack, "homelab/vm")).toEqual([
      'Instance "homelab/vm", getter "macAddress" is deprecated: write it as `instance.libvirt.macAddress`. Flat libvirt-only getters are removed in the next release.',
    ]);
    const lab = incus();
    const db = new Instance(lab.stack, "db", { host: lab.host, incus: { image: "debian-13" } });
    expect(errorOf(() => (db as Instance<IHost>).macAddress)).toMatch(
      /Instance "homelab\/db", prop "macAddress": is only reported for libvirt domains/,
    );
  });

  test("ipv4Address on both backends", () => {
    const { stack, host } = incus();
    const db = new Instance(stack, "db", { host, incus: { image: "debian-13" } });
    new TerraformOutput(stack, "ip", { value: db.ipv4Address });
    expect(synth(stack).output.ip.value).toBe("${incus_instance.db.ipv4_address}");
  });
});

describe("volume.incus / volume.libvirt", () => {
  test("an Incus volume shows its content type, project and member; it has no libvirt view", () => {
    const { stack, host, pool } = incus();
    const apps = new Project(stack, "apps", { host });
    const data = new Volume<IHost>(stack, "data", {
      pool,
      incus: { contentType: VolumeContentType.BLOCK, project: apps },
    });
    expect(data.incus).toEqual({ contentType: VolumeContentType.BLOCK, project: apps, target: undefined });
    expect(data.libvirt).toBeUndefined();
  });

  test("a libvirt volume shows its format, base and path on the host; it has no Incus view", () => {
    const { stack, pool } = libvirt();
    const base = new Volume<IHost>(stack, "base", { pool, size: "1GiB", libvirt: { format: VolumeFormat.QCOW2 } });
    const root = new Volume<IHost>(stack, "root", { pool, libvirt: { baseVolume: base } });
    new TerraformOutput(stack, "path", { value: base.libvirt?.volumePath });
    expect(synth(stack).output.path.value).toBe("${libvirt_volume.base.path}");
    expect(root.libvirt?.format).toBe(VolumeFormat.QCOW2);
    expect(root.libvirt?.baseVolume).toBe(base);
    expect(root.incus).toBeUndefined();
    expect(warningsOf(stack)).toEqual([]);
  });

  test("the flat volumePath still works on libvirt, with a warning; on Incus it is an error (the resource has no path)", () => {
    const { stack, pool } = libvirt();
    const base = new Volume(stack, "base", { pool, size: "1GiB" });
    new TerraformOutput(stack, "path", { value: base.volumePath });
    expect(synth(stack).output.path.value).toBe("${libvirt_volume.base.path}");
    expect(warningsOf(stack, "homelab/base")).toEqual([
      'Volume "homelab/base", getter "volumePath" is deprecated: write it as `volume.libvirt.volumePath`. Flat libvirt-only getters are removed in the next release.',
    ]);
    const lab = incus();
    const data = new Volume(lab.stack, "data", { pool: lab.pool });
    expect(errorOf(() => (data as Volume<IHost>).volumePath)).toMatch(
      /Volume "homelab\/data", prop "volumePath": is the path of a libvirt volume on its host/,
    );
  });
});

describe("flat backend props of StoragePool and Network (deprecated, one more release)", () => {
  test("give the same pool as the grouped ones, with a warning naming the new place", () => {
    const { stack, host } = incus();
    new StoragePool(stack, "old", { host, driver: "zfs", description: "d", config: { "zfs.pool_name": "tank" } });
    new StoragePool(stack, "new", {
      host,
      driver: "zfs",
      incus: { description: "d", config: { "zfs.pool_name": "tank" } },
    });
    const json = synth(stack);
    const strip = ({ name: _n, config, ...rest }: TerraformJson) => ({
      ...rest,
      config: { ...config, "user.cdktf-virt.owner": undefined },
    });
    expect(strip(resource(json, "incus_storage_pool", "old"))).toEqual(
      strip(resource(json, "incus_storage_pool", "new")),
    );
    expect(warningsOf(stack, "homelab/old")).toEqual([
      'StoragePool "homelab/old", prop "description" is deprecated: write it as `incus: { description }`. Flat Incus-only props are removed in the next release.',
      'StoragePool "homelab/old", prop "config" is deprecated: write it as `incus: { config }`. Flat Incus-only props are removed in the next release.',
    ]);
    expect(warningsOf(stack, "homelab/new")).toEqual([]);
  });

  test("give the same network as the grouped ones, with a warning naming the new place", () => {
    const { stack, host } = incus();
    new Network(stack, "old", { host, type: "bridge", description: "d", config: { "ipv4.address": "10.7.0.1/24" } });
    new Network(stack, "new", {
      host,
      incus: { type: "bridge", description: "d", config: { "ipv4.address": "10.7.0.1/24" } },
    });
    const json = synth(stack);
    const strip = ({ name: _n, config, ...rest }: TerraformJson) => ({
      ...rest,
      config: { ...config, "user.cdktf-virt.owner": undefined },
    });
    expect(strip(resource(json, "incus_network", "old"))).toEqual(strip(resource(json, "incus_network", "new")));
    expect(warningsOf(stack, "homelab/old")).toEqual([
      'Network "homelab/old", prop "description" is deprecated: write it as `incus: { description }`. Flat Incus-only props are removed in the next release.',
      'Network "homelab/old", prop "type" is deprecated: write it as `incus: { type }`. Flat Incus-only props are removed in the next release.',
      'Network "homelab/old", prop "config" is deprecated: write it as `incus: { config }`. Flat Incus-only props are removed in the next release.',
    ]);
  });

  test("the Incus group on a libvirt host is an error at synth (with a host typed only as IHost)", () => {
    const { stack, host } = libvirt();
    const any: IHost = host;
    expect(errorOf(() => new StoragePool(stack, "p", { host: any, path: "/p", incus: { description: "d" } }))).toMatch(
      /StoragePool "homelab\/p", prop "incus": is not supported on libvirt hosts/,
    );
    expect(errorOf(() => new Network(stack, "n", { host: any, incus: { type: "bridge" } }))).toMatch(
      /Network "homelab\/n", prop "incus": is not supported on libvirt hosts/,
    );
    const lab = incus();
    expect(
      errorOf(
        () => new StoragePool(lab.stack, "p", { host: lab.host, config: { a: "b" }, incus: { config: { a: "b" } } }),
      ),
    ).toMatch(/prop "config": is given twice, flat and in `incus: \{ config \}`/);
  });
});
