// A web container exposed through a network forward and guarded by an ACL: a routed bridge with DHCP, a pool, a `web`
// container at a fixed address serving a page with busybox httpd, an ACL on the network that lets in HTTP (and
// ping) only, and a forward that publishes port 80 of the container as port 8080 of a listen address on the host. The
// container keeps its address when it is rebuilt, so the forward keeps reaching it. Every object name derives from
// the stack name.
import { TerraformOutput, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { AclAction, AclProtocol, IncusHost, Instance, Network, NetworkAcl, StoragePool } from "../../lib";

export interface WebForwardOptions {
  /** Image alias or fingerprint on the local Incus (a busybox image will do). @default $CDKTF_VIRT_IMAGE or "cdktf-virt-busybox" */
  readonly image?: string;
  /** The first three octets of the bridge's /24 subnet. @default "10.213.240" */
  readonly subnet?: string;
  /**
   * The address the forward listens on. It must reach the host: an address of the host's uplink, or one routed
   * to it; the host's own connections to it are forwarded too, so an unrouted TEST-NET address works for trying
   * it on the host.
   * @default "198.51.100.240"
   */
  readonly listenAddress?: string;
  /** The port of the listen address. @default 8080 */
  readonly listenPort?: number;
}

export class WebForwardStack extends TerraformStack {
  /** Where the page is served, as "address:port". */
  public readonly url: string;

  public constructor(scope: Construct, id: string, options: WebForwardOptions = {}) {
    super(scope, id);
    const image = options.image ?? process.env.CDKTF_VIRT_IMAGE ?? "cdktf-virt-busybox";
    const subnet = options.subnet ?? "10.213.240";
    const listenAddress = options.listenAddress ?? "198.51.100.240";
    const listenPort = options.listenPort ?? 8080;
    const address = `${subnet}.10`;

    const host = new IncusHost(this, "local");
    const pool = new StoragePool(this, "pool", { host, driver: "dir" });
    const acl = new NetworkAcl(this, "web-acl", {
      host,
      description: "HTTP and ping in; nothing else",
      ingress: [
        { action: AclAction.ALLOW, protocol: AclProtocol.TCP, destinationPorts: [80], description: "http" },
        { action: AclAction.ALLOW, protocol: AclProtocol.ICMP4, icmpType: 8, description: "ping" },
      ],
      egress: [{ action: AclAction.ALLOW, destination: [`${subnet}.0/24`], description: "the local subnet" }],
    });
    // A routed subnet with DHCP (the fixed address is a DHCP reservation), no NAT: nothing leaves the host.
    const network = new Network(this, "net", {
      host,
      incus: {
        config: { "ipv4.address": `${subnet}.1/24`, "ipv4.nat": "false", "ipv6.address": "none" },
        acls: [acl],
      },
    });
    const web = new Instance(this, "web", {
      host,
      network,
      incus: {
        image,
        rootDisk: { pool },
        ipv4Address: address,
        files: [
          {
            path: "/srv/www/index.html",
            content: "<h1>hello through the forward</h1>\n",
            mode: "0644",
            createDirectories: true,
          },
        ],
        // The busybox image runs no DHCP client: set the fixed address, then start the web server in the background.
        exec: {
          "10-network": {
            command: [
              "sh",
              "-c",
              `ip addr add ${address}/24 dev eth0 && ip link set eth0 up && ip route add default via ${subnet}.1`,
            ],
          },
          "20-httpd": { command: ["sh", "-c", "setsid httpd -p 80 -h /srv/www </dev/null >/dev/null 2>&1"] },
        },
      },
    });
    web.forward({ listenAddress, port: listenPort, targetPort: 80, description: "web" });

    this.url = `${listenAddress}:${listenPort}`;
    new TerraformOutput(this, "web_name", { value: web.instanceName });
    new TerraformOutput(this, "url", { value: `http://${this.url}/` });
  }
}
