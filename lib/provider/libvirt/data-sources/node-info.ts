// data "libvirt_node_info" (0.9.x shape): the host's CPUs, memory and NUMA nodes (virsh nodeinfo).
import { createHash } from "node:crypto";
import type { DataSource, Schema } from "../../framework";
import { num, str } from "../../framework";
import { LibvirtNode } from "../../../libvirt";
import { clientOf } from "../common";
import type { LibvirtProviderData } from "../provider-data";

export const nodeInfoSchema = {
  description: "The libvirt host's CPUs, memory and NUMA nodes.",
  attributes: {
    cpu_model: str({ computed: true, description: "CPU model (architecture), e.g. x86_64." }),
    cpu_cores_total: num({ computed: true, description: "Logical CPUs of the host." }),
    cpu_sockets: num({ computed: true, description: "CPU sockets." }),
    cpu_cores_per_socket: num({ computed: true, description: "Cores per socket." }),
    cpu_threads_per_core: num({ computed: true, description: "Threads per core." }),
    numa_nodes: num({ computed: true, description: "NUMA nodes." }),
    memory_total_kb: num({ computed: true, description: "Memory of the host in KiB." }),
    id: str({ computed: true, description: "A hash of the values." }),
  },
} satisfies Schema;

export const nodeInfoDataSource: DataSource<LibvirtProviderData, typeof nodeInfoSchema> = {
  typeName: "libvirt_node_info",
  schema: nodeInfoSchema,
  async read(_config, ctx) {
    const { client, call } = clientOf(ctx);
    const info = await new LibvirtNode(client.virsh).info(call);
    const values = {
      cpu_model: info.cpuModel,
      cpu_cores_total: info.cpus,
      cpu_sockets: info.sockets,
      cpu_cores_per_socket: info.coresPerSocket,
      cpu_threads_per_core: info.threadsPerCore,
      numa_nodes: info.numaNodes,
      memory_total_kb: info.memoryKiB,
    };
    return { ...values, id: createHash("sha256").update(JSON.stringify(values)).digest("hex").slice(0, 16) };
  },
};
