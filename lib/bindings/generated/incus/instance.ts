// Generated from the incus_instance schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus instance: a container or a virtual machine. */
export interface IncusInstanceConfig extends TerraformMetaArguments {
  /** Name of the instance. Changing it renames the instance in place. */
  readonly name: string;
  readonly description?: string;
  /** `container` (default) or `virtual-machine`. */
  readonly type?: string;
  /** `[remote:]alias-or-fingerprint` of the image to create the instance from. */
  readonly image?: string;
  /** @default false */
  readonly ephemeral?: boolean;
  /**
   * Whether the instance should be running. Stopped out of band, it is started on apply.
   * @default true
   */
  readonly running?: boolean;
  /** Profiles in order. Unset means ["default"]; [] means none. */
  readonly profiles?: string[];
  readonly project?: string;
  readonly remote?: string;
  /** Cluster member (or `@group`) to create the instance on. */
  readonly target?: string;
  /** Instance config keys. Keys Incus generates (volatile.*, image.*, ...) are not recorded. */
  readonly config?: { readonly [key: string]: string };
  /** Commands run after files are uploaded, in key order. */
  readonly exec?: { readonly [key: string]: IncusInstanceExecConfig };
  readonly sourceInstance?: IncusInstanceSourceInstanceConfig;
  /** Path of an instance backup tarball to restore. */
  readonly sourceFile?: string;
  readonly architecture?: string;
  /** What to wait for after the instance starts. */
  readonly waitFor?: IncusInstanceWaitForConfig[];
  /** A device of the object (disk, nic, proxy, ...). */
  readonly device?: IncusInstanceDeviceConfig[];
  /** A file to upload into the instance. */
  readonly file?: IncusInstanceFileConfig[];
}

/** Commands run after files are uploaded, in key order. */
export interface IncusInstanceExecConfig {
  readonly command: string[];
  readonly environment?: { readonly [key: string]: string };
  readonly workingDir?: string;
  readonly uid?: number;
  readonly gid?: number;
  readonly timeout?: string;
  readonly trigger?: string;
}

/** An element of incus_instance.source_instance. */
export interface IncusInstanceSourceInstanceConfig {
  readonly project: string;
  readonly name: string;
  readonly snapshot?: string;
}

/** What to wait for after the instance starts. */
export interface IncusInstanceWaitForConfig {
  readonly type: string;
  /** For type "delay": e.g. "30s". */
  readonly delay?: string;
  /** For types "ipv4"/"ipv6": the interface to watch. */
  readonly nic?: string;
}

/** A device of the object (disk, nic, proxy, ...). */
export interface IncusInstanceDeviceConfig {
  /** Device name. */
  readonly name: string;
  /** Device type. */
  readonly type: string;
  /** Device settings. */
  readonly properties: { readonly [key: string]: string };
}

/** A file to upload into the instance. */
export interface IncusInstanceFileConfig {
  /** The file's contents (exclusive with source_path). */
  readonly content?: string;
  /** A local file to upload (exclusive with content). */
  readonly sourcePath?: string;
  /** Absolute path of the file inside the instance. */
  readonly targetPath: string;
  readonly uid?: number;
  readonly gid?: number;
  readonly mode?: string;
  readonly directoryMode?: string;
  readonly createDirectories?: boolean;
}

export const INCUS_INSTANCE_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  type: "value",
  image: "value",
  ephemeral: "value",
  running: "value",
  profiles: "value",
  project: "value",
  remote: "value",
  target: "value",
  config: "map",
  exec: { mapOf: {
    command: "value",
    environment: "map",
    working_dir: "value",
    uid: "value",
    gid: "value",
    timeout: "value",
    trigger: "value",
  } },
  source_instance: { object: {
    project: "value",
    name: "value",
    snapshot: "value",
  } },
  source_file: "value",
  architecture: "value",
  wait_for: { list: {
    type: "value",
    delay: "value",
    nic: "value",
  } },
  device: { list: {
    name: "value",
    type: "value",
    properties: "map",
  } },
  file: { list: {
    content: "value",
    source_path: "value",
    target_path: "value",
    uid: "value",
    gid: "value",
    mode: "value",
    directory_mode: "value",
    create_directories: "value",
  } },
};

/** An Incus instance: a container or a virtual machine. */
export class IncusInstanceResource extends SpecResource<IncusInstanceConfig> {
  public static readonly tfResourceType = "incus_instance";

  public constructor(scope: Construct, id: string, config: IncusInstanceConfig) {
    super(
      scope,
      id,
      { type: "incus_instance", providerName: "incus", spec: INCUS_INSTANCE_SPEC },
      config,
    );
  }

  /** Name of the instance. Changing it renames the instance in place. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** `container` (default) or `virtual-machine`. */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** `[remote:]alias-or-fingerprint` of the image to create the instance from. */
  public get imageRef(): string {
    return this.attribute("image");
  }

  public get ephemeralRef(): IResolvable {
    return this.getBooleanAttribute("ephemeral");
  }

  /** Whether the instance should be running. Stopped out of band, it is started on apply. */
  public get runningRef(): IResolvable {
    return this.getBooleanAttribute("running");
  }

  public get projectRef(): string {
    return this.attribute("project");
  }

  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member (or `@group`) to create the instance on. */
  public get targetRef(): string {
    return this.attribute("target");
  }

  /** Path of an instance backup tarball to restore. */
  public get sourceFileRef(): string {
    return this.attribute("source_file");
  }

  public get architectureRef(): string {
    return this.attribute("architecture");
  }

  /** Set by the provider. */
  public get ipv4Address(): string {
    return this.attribute("ipv4_address");
  }

  /** Set by the provider. */
  public get ipv6Address(): string {
    return this.attribute("ipv6_address");
  }

  /** Set by the provider. */
  public get macAddress(): string {
    return this.attribute("mac_address");
  }

  /** Set by the provider. */
  public get status(): string {
    return this.attribute("status");
  }
}
