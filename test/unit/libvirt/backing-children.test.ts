// The "does an overlay depend on this base" check lists every active pool; a pool stopped or removed after that
// listing (another user's, mid-check) has no volumes to read and must not fail the delete it guards.
import { LibvirtVolumes, VirshError } from "../../../lib/libvirt";
import type { Virsh } from "../../../lib/libvirt";

test("a pool that stopped after it was listed is skipped; other pools are still read", async () => {
  const overlay =
    "<volume type='file'><name>o</name><key>/p/o</key><capacity>1</capacity><target><path>/p/o</path><format type='qcow2'/></target><backingStore><path>/p/base</path><format type='qcow2'/></backingStore></volume>";
  const virsh = {
    run: async (args: readonly string[]) => {
      if (args[2] === "stopped") {
        throw new VirshError({
          code: "INVALID_OPERATION",
          virshMessage: "Requested operation is not valid: storage pool 'stopped' is not active",
          exitCode: 1,
          command: "virsh vol-list",
        });
      }
      return " o   /p/o\n";
    },
    runBatch: async (commands: readonly unknown[]) => commands.map(() => ({ stdout: overlay })),
  } as unknown as Virsh;
  const found = await new LibvirtVolumes(virsh).backingChildren(["stopped", "p"], "/p/base");
  expect(found.map((v) => `${v.pool}/${v.name}`)).toEqual(["p/o"]);
});
