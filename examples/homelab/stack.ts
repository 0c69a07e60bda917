// The homelab: a project, an isolated network, a storage pool, a `db` instance with a persistent data volume and
// an ephemeral scratch volume, and a `web` instance, provisioned by files (the local test image is busybox without
// cloud-init). Every object name derives from the stack name, so a deployment never collides with a user's objects.
import { TerraformOutput, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { IncusHost, Instance, Network, Project, StoragePool, Volume, VolumeLifecycle } from "../../lib";

export interface HomelabOptions {
  /** Image alias or fingerprint on the local Incus. @default $CDKTF_VIRT_IMAGE or "cdktf-virt-busybox" */
  readonly image?: string;
  /** Storage driver of the pool the stack creates. @default "dir" */
  readonly poolDriver?: string;
  /**
   * Lift the data volume's protection so `cdktf destroy` may delete it (deploy once with this, then destroy).
   * @default $CDKTF_VIRT_UNPROTECT === "1"
   */
  readonly unprotected?: boolean;
}

export class HomelabStack extends TerraformStack {
  public constructor(scope: Construct, id: string, options: HomelabOptions = {}) {
    super(scope, id);
    const image = options.image ?? process.env.CDKTF_VIRT_IMAGE ?? "cdktf-virt-busybox";

    const host = new IncusHost(this, "local");
    const project = new Project(this, "apps", { host, description: "cdktf-virt homelab example" });
    const network = new Network(this, "net", { host });
    const pool = new StoragePool(this, "pool", { host, driver: options.poolDriver ?? "dir" });

    // The database keeps its data across rebuilds; its scratch space is rebuilt with it.
    const unprotected = options.unprotected ?? process.env.CDKTF_VIRT_UNPROTECT === "1";
    const data = new Volume(this, "dbdata", { pool, size: "256MiB", protect: unprotected ? false : undefined, incus: { project } });
    const scratch = new Volume(this, "scratch", { pool, size: "64MiB", lifecycle: VolumeLifecycle.EPHEMERAL, incus: { project } });
    const db = new Instance(this, "db", {
      host,
      network,
      incus: {
        project,
        image,
        rootDisk: { pool },
        files: [{ path: "/etc/db/db.conf", content: "data_dir=/var/lib/db\nscratch_dir=/scratch\n", mode: "0644", createDirectories: true }],
      },
    });
    db.attach(data, { path: "/var/lib/db" });
    db.attach(scratch, { path: "/scratch" });

    const web = new Instance(this, "web", {
      host,
      network,
      incus: {
        project,
        image,
        rootDisk: { pool },
        files: [{ path: "/srv/www/index.html", content: "<h1>hello from cdktf-virt</h1>\n", mode: "0644", createDirectories: true }],
      },
    });

    new TerraformOutput(this, "db_name", { value: db.instanceName });
    new TerraformOutput(this, "web_name", { value: web.instanceName });
    new TerraformOutput(this, "project", { value: project.projectName });
  }
}
