// Generated from the data.libvirt_node_info schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** The libvirt host's CPUs, memory and NUMA nodes. */
export type DataLibvirtNodeInfoConfig = TerraformMetaArguments;

export const DATA_LIBVIRT_NODE_INFO_SPEC: AttributeSpec = {};

/** The libvirt host's CPUs, memory and NUMA nodes. */
export class DataLibvirtNodeInfo extends SpecDataSource<DataLibvirtNodeInfoConfig> {
  public static readonly tfResourceType = "libvirt_node_info";

  public constructor(scope: Construct, id: string, config: DataLibvirtNodeInfoConfig) {
    super(
      scope,
      id,
      { type: "libvirt_node_info", providerName: "libvirt", spec: DATA_LIBVIRT_NODE_INFO_SPEC },
      config,
    );
  }

  /** CPU model (architecture), e.g. x86_64. */
  public get cpuModel(): string {
    return this.attribute("cpu_model");
  }

  /** Logical CPUs of the host. */
  public get cpuCoresTotal(): number {
    return this.getNumberAttribute("cpu_cores_total");
  }

  /** CPU sockets. */
  public get cpuSockets(): number {
    return this.getNumberAttribute("cpu_sockets");
  }

  /** Cores per socket. */
  public get cpuCoresPerSocket(): number {
    return this.getNumberAttribute("cpu_cores_per_socket");
  }

  /** Threads per core. */
  public get cpuThreadsPerCore(): number {
    return this.getNumberAttribute("cpu_threads_per_core");
  }

  /** NUMA nodes. */
  public get numaNodes(): number {
    return this.getNumberAttribute("numa_nodes");
  }

  /** Memory of the host in KiB. */
  public get memoryTotalKb(): number {
    return this.getNumberAttribute("memory_total_kb");
  }

  /** A hash of the values. */
  public get id(): string {
    return this.attribute("id");
  }
}
