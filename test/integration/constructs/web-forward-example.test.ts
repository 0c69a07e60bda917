// The web-forward example deploys on the local Incus with the real terraform: the container answers HTTP through
// the forward's listen address (a GET from this process), the ACL on its network lets port 80 in and keeps another port
// out, a rebuilt container is reached again through the unchanged forward, and the stack comes down cleanly.
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { request } from "node:http";
import { WebForwardStack } from "../../../examples/web-forward/stack";
import { TEST_IMAGE } from "../../support/incus";
import { getInstance, incusConstructsSuite, incusQuery, shIn, StackRun } from "./support";

jest.setTimeout(600_000);

const suite = incusConstructsSuite("webfwd");
const octet = randomInt(100, 250);
const subnet = `10.214.${octet}`;
const listenAddress = `198.51.100.${octet}`;
let stackName = "";

/** GET http://host:port/ from this process: the status and body, or the error's message. */
function httpGet(host: string, port: number): Promise<{ status?: number; body: string }> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: "/", timeout: 5000 }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (err) => resolve({ body: `error: ${err.message}` }));
    req.end();
  });
}

/** Polls until the GET answers 200 (the server starts in the background) or the attempts are used up. */
async function httpGetWhenUp(host: string, port: number): Promise<{ status?: number; body: string }> {
  let last = await httpGet(host, port);
  for (let i = 0; i < 20 && last.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 500));
    last = await httpGet(host, port);
  }
  return last;
}

function quiet(args: string[]): void {
  try {
    execFileSync("incus", args, { stdio: "ignore" });
  } catch {
    /* already gone */
  }
}

afterAll(() => {
  // What the suite's clean-up does not know: the forward and the ACL (after the instance and network are gone).
  if (!stackName) return;
  const network = (incusQuery("/1.0/networks?recursion=1") as { name: string; config: Record<string, string> }[])
    .filter((n) => n.config["user.cdktf-virt.owner"] === `${stackName}/net`)
    .map((n) => n.name);
  for (const net of network) quiet(["network", "forward", "delete", net, listenAddress]);
  quiet(["delete", "--force", `${stackName}-web`]);
  for (const net of network) quiet(["network", "delete", net]);
  quiet(["network", "acl", "delete", `${stackName}-web-acl`]);
});

test("web-forward deploys: HTTP through the forward, the ACL on the network, the forward follows a rebuild", async () => {
  const run = new StackRun(`${suite.prefix}-wf`);
  suite.runs.push(run);
  stackName = run.stackName;
  const synthWeb = (image: string) =>
    run.synthStack((app, name) => new WebForwardStack(app, name, { image, subnet, listenAddress, listenPort: 8080 }));
  synthWeb(TEST_IMAGE);
  await run.deploy();

  const web = getInstance(`${stackName}-web`);
  expect(web.status).toBe("Running");
  expect(web.devices.eth0).toMatchObject({ "ipv4.address": `${subnet}.10` });
  expect(incusQuery(`/1.0/networks/${web.devices.eth0.network}`).config["security.acls"]).toBe(`${stackName}-web-acl`);
  const acl = incusQuery(`/1.0/network-acls/${stackName}-web-acl`);
  expect(acl.ingress).toEqual(
    expect.arrayContaining([expect.objectContaining({ action: "allow", protocol: "tcp", destination_port: "80" })]),
  );
  const forward = incusQuery(`/1.0/networks/${web.devices.eth0.network}/forwards/${listenAddress}`);
  expect(forward.ports).toEqual([
    expect.objectContaining({
      listen_port: "8080",
      target_port: "80",
      target_address: `${subnet}.10`,
      protocol: "tcp",
    }),
  ]);

  // The page, through the forward's listen address.
  const page = await httpGetWhenUp(listenAddress, 8080);
  expect(page).toEqual({ status: 200, body: "<h1>hello through the forward</h1>\n" });

  // The ACL: port 80 of the container is reachable from the host, a server on port 81 is not (it answers inside).
  shIn(`${stackName}-web`, "setsid httpd -p 81 -h /srv/www </dev/null >/dev/null 2>&1");
  expect(shIn(`${stackName}-web`, "wget -q -O - http://127.0.0.1:81/")).toContain("hello through the forward");
  expect((await httpGet(`${subnet}.10`, 80)).status).toBe(200);
  expect((await httpGet(`${subnet}.10`, 81)).body).toMatch(/^error: /);

  // A second deploy plans nothing.
  expect((await run.plan()).code).toBe(0);

  // Another image rebuilds the container in place (same instance, same fixed address); the forward is unchanged and
  // reaches the rebuilt one, whose page the exec writes again.
  const image2 = `${suite.prefix}-img2`;
  execFileSync("incus", ["image", "alias", "create", image2, incusQuery(`/1.0/images/aliases/${TEST_IMAGE}`).target]);
  try {
    synthWeb(image2);
    await run.deploy();
    const rebuilt = getInstance(`${stackName}-web`);
    expect(rebuilt.config["volatile.uuid"]).toBe(web.config["volatile.uuid"]);
    expect(incusQuery(`/1.0/networks/${web.devices.eth0.network}/forwards/${listenAddress}`).ports).toEqual(
      forward.ports,
    );
    expect(await httpGetWhenUp(listenAddress, 8080)).toEqual({
      status: 200,
      body: "<h1>hello through the forward</h1>\n",
    });
    expect((await run.destroy()).code).toBe(0);
  } finally {
    quiet(["image", "alias", "delete", image2]);
  }
  expect(getInstance(`${stackName}-web`)).toBeUndefined();
  expect(incusQuery(`/1.0/network-acls/${stackName}-web-acl`)).toBeUndefined();
  expect(incusQuery(`/1.0/networks/${web.devices.eth0.network}`)).toBeUndefined();
});
