// Read-only calls for Incus objects the data sources read and the typed endpoint modules do not cover yet. Each
// takes the client's IncusApi (client.api), so it shares the client's options, errors and cancellation.
export type { Cluster, ClusterMember } from "./cluster";
export { getCluster, listClusterMembers } from "./cluster";
export type { NetworkAcl, NetworkAclRule } from "./network-acl";
export { getNetworkAcl } from "./network-acl";
export type { NetworkAddressSet } from "./network-address-set";
export { getNetworkAddressSet } from "./network-address-set";
export type { NetworkForward, NetworkForwardPort } from "./network-forward";
export { getNetworkForward } from "./network-forward";
export type { NetworkIntegration } from "./network-integration";
export { getNetworkIntegration } from "./network-integration";
export type { NetworkLoadBalancer, NetworkLoadBalancerBackend, NetworkLoadBalancerPort } from "./network-load-balancer";
export { getNetworkLoadBalancer } from "./network-load-balancer";
export type { NetworkPeer } from "./network-peer";
export { getNetworkPeer } from "./network-peer";
export type { NetworkZone } from "./network-zone";
export { getNetworkZone } from "./network-zone";
export type { StorageBucket } from "./storage-bucket";
export { getStorageBucket } from "./storage-bucket";
