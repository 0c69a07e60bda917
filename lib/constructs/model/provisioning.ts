// What an Incus instance is provisioned with (the Instance props `cloudInit`, `files` and `exec`). Public types
// only; private/incus-instance.ts turns them into the incus_instance configuration.

/** cloud-init data handed to the instance through Incus config keys. */
export interface CloudInitConfig {
  /** `cloud-init.user-data` (e.g. a #cloud-config document). */
  readonly userData?: string;
  /** `cloud-init.vendor-data`. */
  readonly vendorData?: string;
  /** `cloud-init.network-config`. */
  readonly networkConfig?: string;
}

/** A file uploaded into the instance when it is created (and kept in sync on updates). */
export interface InstanceFile {
  /** Absolute path inside the instance. */
  readonly path: string;
  readonly content: string;
  /** Octal mode, e.g. "0644". @default the provider's default (0755) */
  readonly mode?: string;
  /** @default 0 */
  readonly uid?: number;
  /** @default 0 */
  readonly gid?: number;
  /** Create missing parent directories. @default false */
  readonly createDirectories?: boolean;
}

/** A command run in the instance after files are uploaded (provisioning). */
export interface InstanceExec {
  readonly command: string[];
  readonly environment?: { readonly [name: string]: string };
  readonly workingDir?: string;
  readonly uid?: number;
  readonly gid?: number;
  /** e.g. "2m". @default the provider's default */
  readonly timeout?: string;
  /** Run only when the instance is created, not again when the command changes. @default false */
  readonly runOnce?: boolean;
}
