// Public surface of the instance family: the incus_instance and incus_instance_snapshot resources, which
// the provider registers (lib/provider/incus/provider.ts).
export { instanceResource } from "./resource";
export { instanceSnapshotResource } from "./snapshot";
