// The incus data sources that have no resource folder of their own (each file: its schema and its read).
export { certificateDataSource } from "./certificate";
export { clusterDataSource } from "./cluster";
export { instanceDataSource } from "./instance";
export { networkAclDataSource } from "./network-acl";
export { networkAddressSetDataSource } from "./network-address-set";
export { networkForwardDataSource } from "./network-forward";
export { networkIntegrationDataSource } from "./network-integration";
export { networkLoadBalancerDataSource } from "./network-load-balancer";
export { networkPeerDataSource } from "./network-peer";
export { networkZoneDataSource } from "./network-zone";
export { storageBucketDataSource } from "./storage-bucket";
