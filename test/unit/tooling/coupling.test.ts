// The coupling model read from a synthesized stack: lifecycle kinds (recorded by the constructs, or inferred for
// stacks without records), owners, rebuildOnChange edges, protection — on the checked-in fixture and on what the
// constructs synthesize today; and the model's lookups.
import * as fs from "node:fs";
import { readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { App, TerraformStack } from "cdktf";
import {
  IncusHost,
  Instance,
  LibvirtHost,
  Network,
  StoragePool,
  Volume,
  VolumeFormat,
  VolumeLifecycle,
} from "../../../lib/constructs";
import { readSynthesizedStack } from "../../../lib/tooling";
import { buildCouplingModel } from "../../../lib/tooling/stack/coupling";
import { viewsFromStack } from "../../../lib/tooling/stack/resource-view";
import type { KindSource, SynthesizedStack } from "../../../lib/tooling";
import type { CouplingModel } from "../../../lib/tooling/stack/coupling";
import type { DiskUse } from "../../../lib/tooling/stack/resource-kinds";
import type { ResourceView } from "../../../lib/tooling/stack/resource-view";
import { homelabJson, homelabStack } from "./support/plans";
import type { TerraformJson } from "../../support/terraform-json";

const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-coupling-"));
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

/** The homelab app, built with the real constructs and synthesized as `cdktf synth` does (with "//" comments). */
function synthesizeHomelab(): SynthesizedStack {
  const app = new App({ outdir });
  const stack = new TerraformStack(app, "homelab");
  const host = new IncusHost(stack, "lab", {});
  const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
  const data = new Volume(stack, "pgdata", { pool, size: "10GiB" });
  const scratch = new Volume(stack, "scratch", { pool, size: "2GiB", lifecycle: VolumeLifecycle.EPHEMERAL });
  const shared = new Volume(stack, "shared", { pool, size: "1GiB", lifecycle: VolumeLifecycle.SHARED });
  const lan = new Network(stack, "lan", { host });
  const db = new Instance(stack, "db", {
    host,
    network: lan,
    protect: true,
    incus: { image: "debian-13", rootDisk: { pool, size: "8GiB" } },
  });
  db.attach(data, { path: "/var/lib/postgresql", rebuildOnChange: true });
  db.attach(scratch, { path: "/scratch" });
  db.attach(shared, { path: "/shared" });
  const web = new Instance(stack, "web", { host, incus: { image: "debian-13" } });
  web.attach(shared, { path: "/shared" });
  const kvm = new LibvirtHost(stack, "kvm", {});
  const images = new StoragePool(stack, "images", { host: kvm, driver: "dir", path: "/var/lib/libvirt/images" });
  const base = new Volume(stack, "debian", { pool: images, size: "2GiB", libvirt: { format: VolumeFormat.QCOW2 } });
  const root = new Volume(stack, "root", {
    pool: images,
    libvirt: { baseVolume: base },
    lifecycle: VolumeLifecycle.EPHEMERAL,
  });
  new Instance(stack, "vm", { host: kvm, memory: "1GiB", vcpus: 2 }).attach(root, { path: "vda" });
  app.synth();
  return readSynthesizedStack(path.join(outdir, "stacks", "homelab", "cdk.tf.json"));
}

/** How each volume's kind was learned: recorded by the constructs, or inferred (the fixture predates the records). */
type KindSources = { readonly [address: string]: KindSource };

const INFERRED: KindSources = {
  "incus_storage_volume.pgdata": "default",
  "incus_storage_volume.scratch": "generation-anchor",
  "incus_storage_volume.shared": "attachments",
  "libvirt_volume.debian": "default",
  "libvirt_volume.root": "generation-anchor",
};

const RECORDED: KindSources = {
  "incus_storage_volume.pgdata": "config-key",
  "incus_storage_volume.scratch": "config-key",
  "incus_storage_volume.shared": "config-key",
  "libvirt_volume.debian": "construct-record",
  "libvirt_volume.root": "construct-record",
};

function expectHomelabCoupling(model: CouplingModel, sources: KindSources): void {
  const kinds = Object.fromEntries(
    [...model.volumes.values()].map((v) => [v.address, [v.kind, v.kindSource, v.protected, v.owner]]),
  );
  expect(kinds).toEqual({
    "incus_storage_volume.pgdata": ["persistent", sources["incus_storage_volume.pgdata"], true, undefined],
    "incus_storage_volume.scratch": ["ephemeral", sources["incus_storage_volume.scratch"], false, "incus_instance.db"],
    "incus_storage_volume.shared": ["shared", sources["incus_storage_volume.shared"], true, undefined],
    "libvirt_volume.debian": ["persistent", sources["libvirt_volume.debian"], true, undefined],
    "libvirt_volume.root": ["ephemeral", sources["libvirt_volume.root"], false, "libvirt_domain.vm"],
  });
  const db = model.instances.get("incus_instance.db")!;
  expect(db).toMatchObject({
    name: "homelab-db",
    protected: true,
    protectionSource: "prevent_destroy",
    anchors: ["terraform_data.db_Generation_FCAF079D"],
  });
  expect(db.attachments.map((a) => [a.volume, a.path, a.rebuildOnChange])).toEqual([
    ["incus_storage_volume.pgdata", "/var/lib/postgresql", true],
    ["incus_storage_volume.scratch", "/scratch", false],
    ["incus_storage_volume.shared", "/shared", false],
  ]);
  expect(db.networks).toEqual(["incus_network.lan"]);
  expect(db.rootPools).toEqual(["incus_storage_pool.pool"]);
  expect(model.volumes.get("incus_storage_volume.shared")!.attachedTo).toEqual([
    "incus_instance.db",
    "incus_instance.web",
  ]);
  expect(model.instances.get("libvirt_domain.vm")!.attachments.map((a) => [a.volume, a.path])).toEqual([
    ["libvirt_volume.root", "vda"],
  ]);
  expect(model.instances.get("incus_instance.web")!.protected).toBe(false);
}

describe("coupling model", () => {
  test("of the checked-in homelab fixture (written before the constructs recorded kinds): inferred", () => {
    expectHomelabCoupling(buildCouplingModel(viewsFromStack(homelabStack())), INFERRED);
  });

  test("of the same app synthesized by the constructs now: read from their records, no inference", () => {
    expectHomelabCoupling(buildCouplingModel(viewsFromStack(synthesizeHomelab())), RECORDED);
  });

  test("upgrading the constructs only adds the records (and freezes them where an instance follows the volume)", () => {
    // The fixture is what the constructs wrote before they recorded kinds: the same resources, the same anchors.
    const before = homelabJson().resource;
    const now = JSON.parse(readFileSync(synthesizeHomelab().file!, "utf8")).resource;
    const added: string[] = [];
    for (const [type, byName] of Object.entries<TerraformJson>(now)) {
      for (const [name, body] of Object.entries<TerraformJson>(byName)) {
        const record = body.config?.["user.cdktf-virt.lifecycle"] ?? body["//"]?.["user.cdktf-virt.lifecycle"];
        if (record !== undefined)
          added.push(`${type}.${name}=${record}${body.lifecycle?.ignore_changes ? " (frozen)" : ""}`);
        delete body.config?.["user.cdktf-virt.lifecycle"];
        delete body.lifecycle?.ignore_changes;
        // libvirt PROTECT and the volume's owner now travel with the state (in-place updates of a deployed volume).
        if (body.removal_policy === "protect") {
          added.push(`${type}.${name} removal_policy=protect`);
          delete body.removal_policy;
        }
        if (type === "libvirt_volume" && body.owner !== undefined) {
          added.push(`${type}.${name} owner`);
          delete body.owner;
        }
        // An instance follows a volume's change references instead of the whole resource: same volumes followed.
        const triggers: string[] | undefined = body.lifecycle?.replace_triggered_by;
        if (triggers)
          body.lifecycle.replace_triggered_by = [...new Set(triggers.map((t) => t.split(".").slice(0, 2).join(".")))];
      }
    }
    // Compared without "//" comments, and without the anchors' lifecycle: the fixture predates the anchor following
    // rebuildOnChange volumes (which only the anchor's replace_triggered_by says, not its state).
    const comparable = (resources: unknown) => {
      const copy = JSON.parse(JSON.stringify(resources, (key, value) => (key === "//" ? undefined : value)));
      for (const anchor of Object.values<TerraformJson>(copy.terraform_data)) delete anchor.lifecycle;
      // Domains now always write `os = { type = "hvm" }` (so that removing kernelBoot removes the kernel); against a
      // deployed domain that plans no change (arch and machine are computed, the kernel fields were null).
      for (const domain of Object.values<TerraformJson>(copy.libvirt_domain ?? {})) {
        if (JSON.stringify(domain.os) === JSON.stringify({ type: "hvm" })) delete domain.os;
      }
      return copy;
    };
    expect(comparable(now)).toEqual(comparable(before));
    expect(added.sort()).toEqual([
      "incus_storage_volume.pgdata=persistent (frozen)",
      "incus_storage_volume.scratch=ephemeral",
      "incus_storage_volume.shared=shared",
      "libvirt_volume.debian owner",
      "libvirt_volume.debian removal_policy=protect",
      "libvirt_volume.debian=persistent",
      "libvirt_volume.root owner",
      "libvirt_volume.root=ephemeral",
    ]);
  });

  test("an explicit user.cdktf-virt.lifecycle config key wins over inference", () => {
    const model = buildCouplingModel(
      viewsFromStack(
        homelabStack((json) => {
          json.resource.incus_storage_volume.pgdata.config["user.cdktf-virt.lifecycle"] = "shared";
        }),
      ),
    );
    expect(model.volumes.get("incus_storage_volume.pgdata")).toMatchObject({
      kind: "shared",
      kindSource: "config-key",
    });
  });

  test('a record in a libvirt volume\'s "//" comment wins over inference; the record beats a wrong guess', () => {
    const model = buildCouplingModel(
      viewsFromStack(
        homelabStack((json) => {
          // a SHARED volume attached to one instance looks persistent to the inference
          json.resource.libvirt_volume.debian["//"] = {
            "user.cdktf-virt.lifecycle": "shared",
            metadata: { path: "homelab/debian/Default" },
          };
        }),
      ),
    );
    expect(model.volumes.get("libvirt_volume.debian")).toMatchObject({
      kind: "shared",
      kindSource: "construct-record",
    });
    expect(model.volumes.get("libvirt_volume.root")).toMatchObject({
      kind: "ephemeral",
      kindSource: "generation-anchor",
    });
  });

  test("volumes attached by literal name are found by name and pool", () => {
    const model = buildCouplingModel(
      viewsFromStack(
        homelabStack((json) => {
          const device = json.resource.incus_instance.web.device[0];
          device.properties.source = "homelab-shared";
          device.properties.pool = "homelab-pool";
        }),
      ),
    );
    expect(model.volumes.get("incus_storage_volume.shared")!.attachedTo).toEqual([
      "incus_instance.db",
      "incus_instance.web",
    ]);
  });
});

describe("the model's lookups", () => {
  const view = (address: string, attributes: { [key: string]: unknown }): ResourceView => ({
    address,
    type: address.split(".")[0],
    attributes,
    preventDestroy: false,
    replaceTriggeredBy: [],
    dependsOn: [],
    origin: "state",
  });
  const model = buildCouplingModel([
    view("incus_storage_volume.a", { name: "data", pool: "p1" }),
    view("incus_storage_volume.b", { name: "data", pool: "p2" }),
    view("incus_storage_volume.c", { name: "logs", pool: "p1" }),
    view("libvirt_volume.l", { name: "l.qcow2", pool: "images", path: "/img/l.qcow2" }),
    view("incus_profile.first", { name: "web" }),
    view("incus_profile.second", { name: "web" }),
    view("incus_profile.computed", { name: "${var.p}" }),
  ]);
  const disk = (fields: Partial<DiskUse>): DiskUse => ({
    references: [],
    rootDisk: false,
    shareable: false,
    ...fields,
  });

  test("volumeOf finds a disk's volume by reference, file path, or a unique (name, pool)", () => {
    expect(
      model.volumeOf(disk({ volume: "${incus_storage_volume.c.name}", references: ["incus_storage_volume.c"] })),
    ).toBe("incus_storage_volume.c");
    expect(model.volumeOf(disk({ volume: "/img/l.qcow2" }))).toBe("libvirt_volume.l");
    expect(model.volumeOf(disk({ volume: "data", pool: "p2" }))).toBe("incus_storage_volume.b");
    expect(model.volumeOf(disk({ volume: "logs" }))).toBe("incus_storage_volume.c");
    // Two volumes named "data" and no pool to tell them apart: no answer rather than a guess.
    expect(model.volumeOf(disk({ volume: "data" }))).toBeUndefined();
    expect(model.volumeOf(disk({ volume: "data", pool: "p3" }))).toBeUndefined();
    expect(model.volumeOf(disk({ volume: "missing", pool: "p1" }))).toBeUndefined();
  });

  test("viewNamed gives the first resource of the family with that literal name", () => {
    expect(model.viewNamed("profile", "web")?.address).toBe("incus_profile.first");
    expect(model.viewNamed("volume", "logs")?.address).toBe("incus_storage_volume.c");
    expect(model.viewNamed("network", "web")).toBeUndefined();
    expect(model.viewNamed("profile", undefined)?.address).toBe("incus_profile.computed");
  });
});
