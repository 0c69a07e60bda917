// libvirt_pool's schema (0.9.x shape, subset: dir, logical and netfs pools; the experimental create/destroy
// options). Every attribute that libvirt cannot change on a defined pool is planned as a replacement; create and
// destroy only steer what Create and Delete do.
import type { ApplyModel, PlanModel, Schema, StateModel } from "../../framework";
import { bool, nested, num, oneOf, requiresReplace, str, useStateForUnknown } from "../../framework";
import { POOL_TYPES } from "../../../libvirt";
import { replaceForOtherDirectory } from "./target-path";

export const poolSchema = {
  description:
    "A libvirt storage pool: a directory (dir), an LVM volume group (logical) or a network file system (netfs).",
  attributes: {
    name: str({ required: true, description: "Name of the pool.", planModifiers: [requiresReplace()] }),
    type: str({
      required: true,
      description: 'Pool type: "dir", "logical" or "netfs".',
      validators: [oneOf([...POOL_TYPES])],
      planModifiers: [requiresReplace()],
    }),
    source: nested(
      "single",
      {
        name: str({ optional: true, description: "logical: the volume group's name (default: the pool's name)." }),
        device: nested(
          "list",
          { path: str({ required: true, description: "A block device, e.g. /dev/sdb." }) },
          { optional: true, description: "logical: the physical volumes of the volume group." },
        ),
        host: nested(
          "list",
          {
            name: str({ required: true, description: "Host name or address of the file server." }),
            port: str({ optional: true, description: "Port of the file server." }),
          },
          { optional: true, description: "netfs: the file server." },
        ),
        dir: nested(
          "single",
          { path: str({ required: true, description: "The exported directory on the server." }) },
          { optional: true, description: "netfs: the export." },
        ),
        format: nested(
          "single",
          {
            type: str({
              required: true,
              description: 'netfs: "nfs" (default), "cifs", "glusterfs", "auto"; logical: "lvm2".',
            }),
          },
          { optional: true, description: "Format of the source." },
        ),
      },
      {
        optional: true,
        description: "Where the pool's storage comes from (logical, netfs).",
        planModifiers: [requiresReplace()],
      },
    ),
    target: nested(
      "single",
      {
        path: str({
          required: true,
          description:
            "dir: the directory of the volumes (created when missing); netfs: the mount point; logical: /dev/<vg>.",
        }),
      },
      {
        optional: true,
        computed: true,
        description: "Where the pool keeps its volumes.",
        planModifiers: [replaceForOtherDirectory()],
      },
    ),
    create: nested(
      "single",
      {
        build: bool({
          optional: true,
          description:
            "Build the pool (dir/netfs: create the directory; logical: create the volume group on the devices, refusing devices that hold data). Default: true, for logical only when source devices are given.",
        }),
        start: bool({ optional: true, description: "Start the pool after defining it. Default: true." }),
        autostart: bool({ optional: true, description: "Start the pool when libvirtd starts. Default: true." }),
      },
      { optional: true, description: "What Create does after defining the pool (as the 0.9.x experimental options)." },
    ),
    destroy: nested(
      "single",
      {
        delete: bool({
          optional: true,
          description:
            "Delete the pool's storage on destroy (dir/netfs: the empty directory; logical: the volume group). Default: dir pools yes, logical pools when source devices are given, netfs no.",
        }),
      },
      { optional: true, description: "What Delete does besides undefining the pool." },
    ),
    autostart: bool({
      optional: true,
      computed: true,
      description:
        "Start the pool when libvirtd starts (an addition that can be changed in place; default: create.autostart, else true).",
    }),
    id: str({ computed: true, description: "The pool's UUID.", planModifiers: [useStateForUnknown()] }),
    uuid: str({ computed: true, description: "The pool's UUID (as id).", planModifiers: [useStateForUnknown()] }),
    capacity: num({ computed: true, description: "Size of the storage holding the pool, in bytes." }),
    allocation: num({ computed: true, description: "Bytes in use." }),
    available: num({ computed: true, description: "Bytes free." }),
  },
} satisfies Schema;

/** A libvirt_pool as state holds it. */
export type PoolState = StateModel<typeof poolSchema>;
/** A libvirt_pool as create and update get it. */
export type PoolPlan = ApplyModel<typeof poolSchema>;
/** A libvirt_pool's configuration. */
export type PoolConfig = PlanModel<typeof poolSchema>;
