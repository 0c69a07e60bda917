// `cdktf-virt import` of a live OVN load balancer on the local incusd and OVN (scripts/setup-ovn.sh): an OVN network
// on the uplink, a container at a fixed address and a balancer in front of it, made out of band with the incus
// command-line client → import --prefix → the generated stack synthesizes → terraform imports the three, each
// gaining the ownership marker and nothing else → the plan after it is empty, the balancer's ports and backends as
// they were.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, randomInt } from "node:crypto";
import { main } from "../../../lib/tooling/import-host";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { ensureBundledProviders, terraformBinary } from "../../support/terraform";
import { importedTerraform, synthImported } from "./support/imported-stack";

jest.setTimeout(240_000);

const LIB = join(__dirname, "..", "..", "..", "lib");
const UPLINK = process.env.CDKTF_VIRT_OVN_UPLINK ?? "cdktf-ovn-up";
// Short enough that the network name stays within Incus's 15 characters.
const prefix = `t-ovn${randomBytes(3).toString("hex")}-`;
const names = { network: `${prefix}n`, instance: `${prefix}web` };
/** The OVN network's internal /24 (NAT to the uplink, so only distinctness matters). */
const subnet = `10.${randomInt(184, 200)}.${randomInt(0, 256)}`;
const backendAddress = `${subnet}.10`;
let listenAddress = "";
/** A resource's values before or after a planned change, as `terraform show -json` prints them. */
type LiveValues = Record<string, unknown> & { config: Record<string, string> | null };
let dir = "";

function incus(...args: string[]): string {
  return execFileSync("incus", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function quiet(...args: string[]): void {
  try {
    incus(...args);
  } catch {
    /* already gone */
  }
}

const balancer = () => JSON.parse(incus("query", `/1.0/networks/${names.network}/load-balancers/${listenAddress}`));

beforeAll(() => {
  terraformBinary();
  ensureBundledProviders(["incus"]);
  const routes = JSON.parse(incus("query", `/1.0/networks/${UPLINK}`)).config?.["ipv4.routes"] ?? "";
  const match = /^(\d+\.\d+\.\d+)\.0\/24/.exec(routes);
  if (!match) throw new Error(`no OVN uplink ${UPLINK} with a /24 in ipv4.routes: run scripts/setup-ovn.sh`);
  listenAddress = `${match[1]}.${randomInt(2, 254)}`;
  dir = mkdtempSync(join(tmpdir(), "t-ovn-import-"));

  incus(
    ...["network", "create", names.network, "--type=ovn", `network=${UPLINK}`, `ipv4.address=${subnet}.1/24`],
    ...["ipv4.nat=true", "ipv6.address=none"],
  );
  // Not started: the import adopts it as it is (running: false), and the balancer needs only its fixed address.
  incus("init", TEST_IMAGE, names.instance, "--storage", TEST_POOL, "--network", names.network);
  incus("config", "device", "set", names.instance, "eth0", `ipv4.address=${backendAddress}`);
  const lb = ["network", "load-balancer"];
  incus(...lb, "create", names.network, listenAddress, "--description", "imported balancer");
  incus(...lb, "backend", "add", names.network, listenAddress, "web", backendAddress, "8080");
  incus(...lb, "port", "add", names.network, listenAddress, "tcp", "80", "web");
});

afterAll(() => {
  if (listenAddress) quiet("network", "load-balancer", "delete", names.network, listenAddress);
  quiet("delete", "--force", names.instance);
  quiet("network", "delete", names.network);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("import adopts a live OVN load balancer with its network and backend; the plan after the import is empty", async () => {
  const before = balancer();
  const app = join(dir, "app");
  let out = "";
  let err = "";
  const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } };
  const code = await main(["--remote", "local", "--prefix", prefix, "--out", app, "--package", LIB], io as never);
  expect({ code, err }).toMatchObject({ code: 0 });
  // No warning: the network sets both addresses, so the construct's defaults change nothing.
  expect(err.split("\n").filter((line) => line.startsWith("warning:"))).toEqual([]);
  expect(err).toMatch(/reading network load balancers… 1/);
  expect(out).toMatch(/3 objects to adopt/);
  expect(readFileSync(join(app, "imported-stack.ts"), "utf8")).toMatch(/new NetworkLoadBalancer\(/);

  const terraform = importedTerraform(synthImported(app), dir);
  terraform(["init", "-input=false"]);
  terraform(["plan", "-input=false", "-out=import.tfplan"]);
  const plan = JSON.parse(terraform(["show", "-json", "import.tfplan"]).out) as {
    resource_changes: {
      type: string;
      change: { actions: string[]; importing?: unknown; before: LiveValues; after: LiveValues };
    }[];
  };
  // All three are adopted as they are, each gaining the ownership marker and nothing else.
  expect(
    plan.resource_changes
      .map((c) => ({ type: c.type, actions: c.change.actions, importing: c.change.importing !== undefined }))
      .sort((a, b) => a.type.localeCompare(b.type)),
  ).toEqual(
    ["incus_instance", "incus_network", "incus_network_lb"].map((type) => ({
      type,
      actions: ["update"],
      importing: true,
    })),
  );
  const lb = plan.resource_changes.find((c) => c.type === "incus_network_lb")!.change;
  expect(lb.after.config).toEqual({ "user.cdktf-virt.owner": expect.stringMatching(/^imported\//) });
  expect({ ...lb.after, config: lb.before.config }).toEqual(lb.before);
  expect(terraform(["apply", "-input=false", "import.tfplan"]).out).toMatch(
    /Resources: 3 imported, 0 added, 3 changed, 0 destroyed/,
  );
  const after = terraform(["plan", "-input=false", "-detailed-exitcode"], [0, 2]);
  expect({ code: after.code, out: after.code === 0 ? "" : after.out }).toEqual({ code: 0, out: "" });
  // The same balancer, now carrying the marker.
  expect(balancer()).toEqual({ ...before, config: { "user.cdktf-virt.owner": expect.stringMatching(/^imported\//) } });
});
