// incus_instance: a container or virtual machine, with device/file/wait_for blocks and the exec map.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import { DEVICE_SPEC, FILE_SPEC } from "./common";
import type { IncusDeviceConfig, IncusFileConfig, IncusPlacementConfig } from "./common";

/** A `wait_for` block: something create/start waits for. */
export interface IncusWaitForConfig {
  /** agent, cloud-init, delay, ipv4, ipv6, ready. */
  readonly type: string;
  /** For `delay`, e.g. "5s". */
  readonly delay?: string;
  /** For ipv4/ipv6: the NIC to watch. */
  readonly nic?: string;
}

/** One entry of the `exec` map: a command run after files are uploaded. */
export interface IncusExecConfig {
  readonly command: string[];
  readonly environment?: { readonly [key: string]: string };
  readonly workingDir?: string;
  readonly uid?: number;
  readonly gid?: number;
  readonly timeout?: string;
  /** `on_change` (default) or `once`. */
  readonly trigger?: string;
}

/** Copy the new instance from another one (or from one of its snapshots). */
export interface IncusSourceInstanceConfig {
  readonly project: string;
  readonly name: string;
  readonly snapshot?: string;
}

export interface IncusInstanceConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly description?: string;
  /** `container` (default) or `virtual-machine`. */
  readonly type?: string;
  /** `[remote:]alias-or-fingerprint`. */
  readonly image?: string;
  readonly ephemeral?: boolean;
  readonly running?: boolean;
  /** Null means ["default"]; [] means no profiles. Order matters. */
  readonly profiles?: string[];
  readonly target?: string;
  readonly config?: { readonly [key: string]: string };
  readonly exec?: { readonly [name: string]: IncusExecConfig };
  readonly sourceInstance?: IncusSourceInstanceConfig;
  readonly sourceFile?: string;
  readonly architecture?: string;
  readonly device?: IncusDeviceConfig[];
  readonly file?: IncusFileConfig[];
  readonly waitFor?: IncusWaitForConfig[];
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
  exec: {
    mapOf: {
      command: "value",
      environment: "map",
      working_dir: "value",
      uid: "value",
      gid: "value",
      timeout: "value",
      trigger: "value",
    },
  },
  source_instance: { object: { project: "value", name: "value", snapshot: "value" } },
  source_file: "value",
  architecture: "value",
  device: { list: DEVICE_SPEC },
  file: { list: FILE_SPEC },
  wait_for: { list: { type: "value", delay: "value", nic: "value" } },
};

export class IncusInstanceResource extends SpecResource<IncusInstanceConfig> {
  public static readonly tfResourceType = "incus_instance";

  public constructor(scope: Construct, id: string, config: IncusInstanceConfig) {
    super(scope, id, { type: "incus_instance", providerName: "incus", spec: INCUS_INSTANCE_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  public get ipv4Address(): string {
    return this.attribute("ipv4_address");
  }

  public get ipv6Address(): string {
    return this.attribute("ipv6_address");
  }

  public get macAddress(): string {
    return this.attribute("mac_address");
  }

  public get status(): string {
    return this.attribute("status");
  }
}
