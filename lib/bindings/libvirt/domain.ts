// libvirt_domain (0.9.x shape, subset): a virtual machine with disks from volumes, network interfaces, running
// state and metadata (which carries the cdktf-virt ownership marker).
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface LibvirtDiskConfig {
  /** "disk" (default) or "cdrom". */
  readonly device?: string;
  readonly source?: {
    readonly volume?: { readonly pool: string; readonly volume: string };
    readonly file?: { readonly file: string };
  };
  readonly target?: { readonly dev: string; readonly bus?: string };
  readonly driver?: { readonly type?: string };
  readonly readOnly?: boolean;
  readonly shareable?: boolean;
}

export interface LibvirtInterfaceConfig {
  readonly model?: { readonly type: string };
  readonly source?: { readonly network?: { readonly network: string } };
}

export interface LibvirtDomainConfig extends TerraformMetaArguments {
  readonly name: string;
  /** Hypervisor, e.g. "kvm" or "qemu". */
  readonly type: string;
  readonly description?: string;
  readonly memory?: number;
  readonly memoryUnit?: string;
  readonly vcpu?: number;
  readonly running?: boolean;
  readonly autostart?: boolean;
  readonly os?: { readonly type: string; readonly typeArch?: string; readonly typeMachine?: string };
  readonly devices?: { readonly disks?: LibvirtDiskConfig[]; readonly interfaces?: LibvirtInterfaceConfig[] };
  /** Custom domain metadata: the inner XML of <metadata>. */
  readonly metadata?: { readonly xml: string };
  /** How an in-place update stops the guest: seconds between the ACPI request and a forced stop. */
  readonly update?: { readonly shutdown?: { readonly timeout?: number } };
  /** How deleting the domain stops the guest. */
  readonly destroy?: { readonly graceful?: boolean; readonly shutdown?: { readonly timeout?: number } };
}

export const LIBVIRT_DOMAIN_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  description: "value",
  memory: "value",
  memory_unit: "value",
  vcpu: "value",
  running: "value",
  autostart: "value",
  os: { object: { type: "value", type_arch: "value", type_machine: "value" } },
  devices: {
    object: {
      disks: {
        list: {
          device: "value",
          source: {
            object: {
              volume: { object: { pool: "value", volume: "value" } },
              file: { object: { file: "value" } },
            },
          },
          target: { object: { dev: "value", bus: "value" } },
          driver: { object: { type: "value" } },
          read_only: "value",
          shareable: "value",
        },
      },
      interfaces: {
        list: {
          model: { object: { type: "value" } },
          source: { object: { network: { object: { network: "value" } } } },
        },
      },
    },
  },
  metadata: { object: { xml: "value" } },
  update: { object: { shutdown: { object: { timeout: "value" } } } },
  destroy: { object: { graceful: "value", shutdown: { object: { timeout: "value" } } } },
};

export class LibvirtDomainResource extends SpecResource<LibvirtDomainConfig> {
  public static readonly tfResourceType = "libvirt_domain";

  public constructor(scope: Construct, id: string, config: LibvirtDomainConfig) {
    super(scope, id, { type: "libvirt_domain", providerName: "libvirt", spec: LIBVIRT_DOMAIN_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Domain UUID (computed). */
  public get uuid(): string {
    return this.attribute("uuid");
  }
}
