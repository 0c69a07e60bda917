// Project: an Incus project. New projects default to using the default project's images and profiles
// (features.images=false, features.profiles=false) so instances in them can use the host's images and the
// default profile; custom volumes live in the project (features.storage.volumes=true). A project depends on its
// host's pools, so it is deleted before them.
import { Construct } from "constructs";
import { IncusProjectResource } from "../bindings";
import { incusOwnershipConfig, OWNER_CONFIG_KEY } from "../lifecycle";
import type { IncusHost } from "./incus-host";
import type { IProject, ProjectProps } from "./model/project-props";
import { registerProjectForDestroyOrder } from "./private/destroy-order";
import { fail } from "./private/errors";
import { resolveObjectName } from "./private/name-registry";
import { INCUS_PROJECT_NAME } from "./private/names";
import { rejectManagedKeys } from "./private/placement";

export class Project extends Construct implements IProject {
  /** A project that exists already (e.g. "default") and is not managed by this stack. */
  public static fromName(scope: Construct, id: string, host: IncusHost, name: string): IProject {
    class ImportedProject extends Construct implements IProject {
      public readonly host = host;
      public readonly projectName = name;
      public readonly isDefault = name === "default";
    }
    return new ImportedProject(scope, id);
  }

  public readonly host: IncusHost;
  public readonly projectName: string;
  public readonly isDefault = false;

  public constructor(scope: Construct, id: string, props: ProjectProps) {
    super(scope, id);
    const kind = "Project";
    if (props.host?.hostKind !== "incus") fail(this, kind, "host", "a Project needs an IncusHost");
    this.host = props.host;
    // Default names derive from the construct path and are never "default".
    if (props.name === "default")
      fail(this, kind, "name", `"default" always exists; use Project.fromName(scope, id, host, "default")`);
    const name = resolveObjectName(this, kind, INCUS_PROJECT_NAME, [this.host.node.path], props.name);
    rejectManagedKeys(this, kind, props.config, {
      "features.": "set them with the `features` prop",
      [OWNER_CONFIG_KEY]: "it carries the ownership marker",
    });
    const features = props.features ?? {};
    const resource = new IncusProjectResource(this, "Default", {
      name,
      description: props.description,
      remote: this.host.remoteName,
      forceDestroy: props.forceDestroy,
      config: {
        "features.images": String(features.images ?? false),
        "features.profiles": String(features.profiles ?? false),
        "features.storage.volumes": String(features.storageVolumes ?? true),
        "features.networks": String(features.networks ?? false),
        ...props.config,
        ...incusOwnershipConfig(this),
      },
    });
    // Created after the host's pools and deleted before them (its volumes live in them).
    registerProjectForDestroyOrder(this.host, resource);
    this.projectName = resource.nameRef;
  }
}
