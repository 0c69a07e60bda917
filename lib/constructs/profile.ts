// Profile: a reusable set of Incus instance config and devices.
import { Construct } from "constructs";
import { IncusProfileResource } from "../bindings";
import { incusOwnershipConfig, OWNER_CONFIG_KEY } from "../lifecycle";
import type { IncusHost } from "./incus-host";
import type { IProfile, ProfileProps } from "./model/profile-props";
import { devicesToBlocks } from "./private/devices";
import { fail } from "./private/errors";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME } from "./private/names";
import { nonDefaultProject, rejectManagedKeys } from "./private/placement";

export class Profile extends Construct implements IProfile {
  /** A profile that exists already (e.g. "default") and is not managed by this stack. */
  public static fromName(scope: Construct, id: string, host: IncusHost, name: string): IProfile {
    class ImportedProfile extends Construct implements IProfile {
      public readonly host = host;
      public readonly profileName = name;
    }
    return new ImportedProfile(scope, id);
  }

  public readonly host: IncusHost;
  public readonly profileName: string;

  public constructor(scope: Construct, id: string, props: ProfileProps) {
    super(scope, id);
    const kind = "Profile";
    if (props.host?.hostKind !== "incus") fail(this, kind, "host", "a Profile needs an IncusHost");
    this.host = props.host;
    if (props.project && props.project.host !== this.host) {
      fail(this, kind, "project", `the project "${props.project.node.path}" is on another host`);
    }
    // Default names derive from the construct path and are never "default".
    if (props.name === "default")
      fail(this, kind, "name", `use Profile.fromName(scope, id, host, "default") for the default profile`);
    const project = nonDefaultProject(props.project);
    const name = resolveObjectName(this, kind, OBJECT_NAME, [this.host.node.path, project?.node.path], props.name);
    rejectManagedKeys(this, kind, props.config, { [OWNER_CONFIG_KEY]: "it carries the ownership marker" });
    const resource = new IncusProfileResource(this, "Default", {
      name,
      description: props.description,
      remote: this.host.remoteName,
      project: project?.projectName,
      config: { ...props.config, ...incusOwnershipConfig(this) },
      device: devicesToBlocks(this, kind, props.devices),
    });
    this.profileName = resource.nameRef;
  }
}
