// cdktf-virt: CDK for Terraform constructs for Incus and libvirt/KVM hosts, with explicit volume lifecycles.
export * from "./constructs";
