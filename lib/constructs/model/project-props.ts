// What a project is to the rest of the library (IProject: where Incus objects are placed) and the props of a Project.
import type { IConstruct } from "constructs";
import type { HostClasses } from "./host";

/** A project objects can be placed in. */
export interface IProject extends IConstruct {
  readonly host: HostClasses["incus"];
  /** The project name (a reference to the project resource when it is managed here). */
  readonly projectName: string;
  /** Whether this is Incus's `default` project (objects in it omit `project`). */
  readonly isDefault: boolean;
}

/** Which kinds of objects a project keeps to itself instead of sharing the default project's. */
export interface ProjectFeatures {
  /** Own images. @default false — the default project's images are used */
  readonly images?: boolean;
  /** Own profiles. @default false — the default project's profiles (e.g. `default`) are used */
  readonly profiles?: boolean;
  /** Own custom storage volumes. @default true */
  readonly storageVolumes?: boolean;
  /** Own networks. @default false — networks live in the default project */
  readonly networks?: boolean;
}

export interface ProjectProps {
  readonly host: HostClasses["incus"];
  /** @default derived from the construct path, e.g. "homelab-apps" */
  readonly name?: string;
  readonly description?: string;
  /** @default images, profiles and networks shared with the default project; volumes separate */
  readonly features?: ProjectFeatures;
  /** More project config (limits.*, restricted.*). `features.*` keys come from `features`. @default none */
  readonly config?: { readonly [key: string]: string };
  /**
   * Delete the project even when it still holds objects. Copies that removal policies keep (a RETAIN volume let go,
   * a SNAPSHOT volume's final copy) are never deleted with it: the bundled provider then leaves the project in place.
   * `cdktf-virt explain --guard` refuses a plan that deletes a forced project holding volumes whose policy is not DESTROY.
   * @default false
   */
  readonly forceDestroy?: boolean;
}
