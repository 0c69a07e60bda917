// The member part of a clustered pool or network: its state holds only the member's keys and the planned marker;
// the marker is never sent to the member; a part still pending is refused with how to clear it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdoptionRefused } from "../../../lib/provider/incus/common/adopt";
import {
  isMemberPart,
  memberKeys,
  memberPartConfig,
  refusePending,
  withoutMarker,
} from "../../../lib/provider/incus/common/member-part";

const KEYS = ["source", "size"];

describe("member parts", () => {
  it("are the resources with a target", () => {
    expect(isMemberPart({ target: "m1" })).toBe(true);
    expect(isMemberPart({ target: "" })).toBe(false);
    expect(isMemberPart({ target: null })).toBe(false);
  });

  it("keep only the member's keys and the planned marker in state", () => {
    const live = { source: "/srv/p", "volume.size": "5GiB", "user.cdktf-virt.owner": "s/other", "user.note": "x" };
    expect(memberKeys(live, KEYS)).toEqual({ source: "/srv/p" });
    expect(memberPartConfig(live, { "user.cdktf-virt.owner": "s/pool" }, KEYS)).toEqual({
      source: "/srv/p",
      "user.cdktf-virt.owner": "s/pool",
    });
    expect(memberPartConfig(live, null, KEYS)).toEqual({ source: "/srv/p" });
  });

  it("never send the marker to the member", () => {
    expect(withoutMarker({ source: "/srv/p", "user.cdktf-virt.owner": "s/pool" })).toEqual({ source: "/srv/p" });
  });

  describe("still pending", () => {
    // The user's incus client knows the cluster as "prod"; the provider calls it "cluster" (an IncusHost's id).
    const saved = { INCUS_CONF: process.env.INCUS_CONF, HOME: process.env.HOME };
    const dir = mkdtempSync(join(tmpdir(), "member-part-"));
    beforeAll(() => {
      writeFileSync(
        join(dir, "config.yml"),
        "remotes:\n  prod:\n    addr: https://198.18.1.9:8443\n    protocol: incus\n",
      );
      Object.assign(process.env, { INCUS_CONF: dir, HOME: dir });
    });
    afterAll(() => {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      rmSync(dir, { recursive: true, force: true });
    });
    const addresses: Record<string, string> = {
      cluster: "https://198.18.1.9:8443",
      far: "https://198.18.1.7:8443",
      lab: "unix://",
    };
    const remotes = {
      remoteInfo: (remote?: string | null) => ({
        name: remote ?? "lab",
        address: addresses[remote ?? "lab"],
        protocol: "incus",
        public: false,
      }),
    };

    it("are refused, naming the member and the command that clears them as the incus client names the remote", () => {
      const refuse = () => refusePending("storage pool", { name: "fast", target: "node1", remote: "cluster" }, remotes);
      expect(refuse).toThrow(AdoptionRefused);
      expect(refuse).toThrow(
        /The storage pool "fast" is pending on cluster member "node1".*`incus storage delete prod:fast`/,
      );
      expect(() =>
        refusePending("network", { name: "br0", target: "node2", remote: null, project: "web" }, remotes),
      ).toThrow(/`incus network delete br0 --project web`/);
    });

    it("on a host the incus client does not know: the remote to add first", () => {
      expect(() => refusePending("network", { name: "br0", target: "node2", remote: "far" }, remotes)).toThrow(
        /`incus network delete far:br0` \(your incus client has no remote at this address yet: run `incus remote add far https:\/\/198.18.1.7:8443` first\)/,
      );
    });
  });
});
