// What a profile is to the rest of the library (IProfile: what an instance's `profiles` take) and the props of a
// Profile.
import type { IConstruct } from "constructs";
import type { DeviceSpec } from "./device-spec";
import type { HostClasses } from "./host";
import type { IProject } from "./project-props";

/** A profile instances can use. */
export interface IProfile extends IConstruct {
  readonly host: HostClasses["incus"];
  readonly profileName: string;
}

export interface ProfileProps {
  readonly host: HostClasses["incus"];
  /** @default derived from the construct path */
  readonly name?: string;
  readonly description?: string;
  /** Instance config the profile applies. @default none */
  readonly config?: { readonly [key: string]: string };
  /** Devices by name. @default none */
  readonly devices?: { readonly [name: string]: DeviceSpec };
  /** @default the default project */
  readonly project?: IProject;
}
