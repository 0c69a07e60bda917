// An Incus device as Profile and Instance take it (`devices: { name: spec }`).

/** An Incus device: its type and properties (e.g. `{ type: "disk", properties: { path: "/srv", source: "/srv" } }`). */
export interface DeviceSpec {
  readonly type: string;
  readonly properties: { readonly [key: string]: string };
}
