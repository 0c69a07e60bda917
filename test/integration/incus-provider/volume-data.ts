// HCL and checks shared by the tests of volume removal policies and snapshots: volumes and a running container of a
// stack (both with ownership markers), a file written into a volume through the container, and reading that file
// back from a volume or one of its snapshots in a throwaway container.
import { randomBytes } from "node:crypto";
import { OWNER_CONFIG_KEY } from "../../../lib/records";
import { TEST_IMAGE, TEST_POOL, createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";

/** The file the tests write into volumes and read back. */
export const PAYLOAD = "/data/payload";

/** An incus_storage_volume `label` of 32 MiB in the test pool with its owner marker and `config` keys. */
export function volumeHcl(label: string, name: string, owner: string, config: Record<string, string> = {}): string {
  const entries = Object.entries({ size: "32MiB", [OWNER_CONFIG_KEY]: owner, ...config })
    .map(([k, v]) => `    ${JSON.stringify(k)} = ${JSON.stringify(v)}`)
    .join("\n");
  return `resource "incus_storage_volume" "${label}" {\n  name = "${name}"\n  pool = "${TEST_POOL}"\n  config = {\n${entries}\n  }\n}\n`;
}

export interface ContainerSpec {
  readonly name: string;
  readonly owner: string;
  /** Volume resources to attach: resource label → mount path. The device takes the label's name. */
  readonly disks?: Readonly<Record<string, string>>;
  /** Content for PAYLOAD (the first disk should be mounted at /data). */
  readonly payload?: string;
}

/** incus_instance "app": a running container of the test image with its owner marker, disks and payload file. */
export function containerHcl(spec: ContainerSpec): string {
  const disks = Object.entries(spec.disks ?? {})
    .map(
      ([label, path]) =>
        `  device {\n    name = "${label}"\n    type = "disk"\n    properties = { path = "${path}", pool = "${TEST_POOL}", source = incus_storage_volume.${label}.name }\n  }\n`,
    )
    .join("");
  const file =
    spec.payload === undefined
      ? ""
      : `  file {\n    target_path = "${PAYLOAD}"\n    content     = "${spec.payload}"\n  }\n`;
  return `resource "incus_instance" "app" {
  name   = "${spec.name}"
  image  = "${TEST_IMAGE}"
  config = { "${OWNER_CONFIG_KEY}" = "${spec.owner}" }
  device {
    name = "root"
    type = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
${disks}${file}}
`;
}

/**
 * PAYLOAD as stored in volume `source` of the test pool, or in snapshot `volume/snapshot` (read from a copy, as a
 * snapshot cannot be attached), read in a throwaway container that is removed afterwards.
 */
export async function payloadOf(h: Harness, source: string): Promise<string> {
  const tag = randomBytes(2).toString("hex");
  const volume = source.includes("/") ? h.name(`copy${tag}`) : source;
  if (volume !== source) {
    h.cleanup.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
    await h.client.storageVolumes.copy(TEST_POOL, volume, { pool: TEST_POOL, name: source }, { volumeOnly: true });
  }
  const reader = h.name(`rd${tag}`);
  await createTestContainer(h.client, h.cleanup, reader, {
    devices: { data: { type: "disk", pool: TEST_POOL, source: volume, path: "/data" } },
  });
  try {
    const r = await h.client.exec.run(reader, ["cat", PAYLOAD]);
    if (r.exitCode !== 0) throw new Error(`cat ${PAYLOAD} of ${source}: ${r.stderr}`);
    return r.stdout;
  } finally {
    await h.client.instanceState.stop(reader, { force: true }).catch(() => undefined);
    await h.client.instances.delete(reader);
    if (volume !== source) await h.client.storageVolumes.delete(TEST_POOL, volume);
  }
}
