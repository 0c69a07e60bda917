// A request a cluster member forwards to another member that is down: the error names that member and says what
// to do; other failures keep their text.
import { clusterMemberHint, errorForStatus } from "../../../lib/incus/errors";

describe("cluster member hints", () => {
  it("name the target member when the forwarding member lost it", () => {
    const err = errorForStatus(500, "Missing event connection with target cluster member", {
      method: "POST",
      path: "/1.0/storage-pools/p/volumes/custom?target=member3",
      endpoint: "https://198.18.2.11:8443",
    });
    expect(err.code).toBe("SERVER_ERROR");
    expect(err.message).toContain('the cluster member "member3" cannot be reached: it is down or still starting');
    expect(err.message).toContain("`incus cluster list` shows it ONLINE");
  });

  it("cover a member still starting and a refused forward, without a target too", () => {
    expect(clusterMemberHint(500, "Server isn't ready yet", "/1.0/instances?target=m2")).toContain('"m2"');
    expect(
      clusterMemberHint(
        500,
        "Failed to connect: dial tcp 198.18.2.13:8443: connect: connection refused",
        "/1.0/instances/x",
      ),
    ).toContain("the server, or the cluster member holding this object, is down or still starting");
  });

  it("leave other failures alone", () => {
    expect(clusterMemberHint(400, "Server isn't ready yet", "/1.0/instances?target=m2")).toBe("");
    expect(clusterMemberHint(500, "Failed creating instance: disk full", "/1.0/instances?target=m2")).toBe("");
    expect(errorForStatus(500, "boom", { method: "GET", path: "/1.0" }).message).toBe(
      "Incus GET /1.0 failed with HTTP 500: boom",
    );
  });
});

describe("already defined on a member", () => {
  it("is a CONFLICT, like every other already-exists answer", () => {
    const err = errorForStatus(400, 'The storage pool already defined on member "member1"', {
      method: "POST",
      path: "/1.0/storage-pools?target=member1",
    });
    expect(err.code).toBe("CONFLICT");
    expect(
      errorForStatus(400, "Invalid value for key", { method: "POST", path: "/1.0/storage-pools?target=member1" }).code,
    ).toBe("BAD_REQUEST");
  });
});
