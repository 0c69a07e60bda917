// The member part of a clustered pool or network: its state holds only the member's keys and the planned marker;
// the marker is never sent to the member; a part still pending is refused with how to clear it.
import { AdoptionRefused } from "../../../lib/provider/incus/common/adopt";
import { isMemberPart, memberKeys, memberPartConfig, refusePending, withoutMarker } from "../../../lib/provider/incus/common/member-part";

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
    expect(memberPartConfig(live, { "user.cdktf-virt.owner": "s/pool" }, KEYS)).toEqual({ source: "/srv/p", "user.cdktf-virt.owner": "s/pool" });
    expect(memberPartConfig(live, null, KEYS)).toEqual({ source: "/srv/p" });
  });

  it("never send the marker to the member", () => {
    expect(withoutMarker({ source: "/srv/p", "user.cdktf-virt.owner": "s/pool" })).toEqual({ source: "/srv/p" });
  });

  it("still pending are refused, naming the member and the command that clears them", () => {
    const refuse = () => refusePending("storage pool", { name: "fast", target: "node1", remote: "cluster" });
    expect(refuse).toThrow(AdoptionRefused);
    expect(refuse).toThrow(/The storage pool "fast" is pending on cluster member "node1".*`incus storage delete cluster:fast`/);
    expect(() => refusePending("network", { name: "br0", target: "node2", remote: null })).toThrow(/`incus network delete br0`/);
  });
});
