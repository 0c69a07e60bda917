// Shapes shared by several Incus objects (see shared/reference/incus-rest-api.yaml definitions).

/** Config keys and values; Incus stores every value as a string. */
export type ConfigMap = Record<string, string>;

/** Devices by name; each device is a map of string settings with at least `type`. */
export type DevicesMap = Record<string, Record<string, string>>;

/** Instance kinds Incus runs. */
export type InstanceType = "container" | "virtual-machine";
