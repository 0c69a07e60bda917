// libvirt_pool's schema (0.9.x shape, subset: directory pools). Every attribute that libvirt cannot change on a
// defined pool is planned as a replacement.
import type { ApplyModel, PlanModel, Schema, StateModel } from "../../framework";
import { bool, nested, num, oneOf, requiresReplace, str, useStateForUnknown } from "../../framework";
import { replaceForOtherDirectory } from "./target-path";

export const poolSchema = {
  description: "A libvirt storage pool (directory pools).",
  attributes: {
    name: str({ required: true, description: "Name of the pool.", planModifiers: [requiresReplace()] }),
    type: str({
      required: true,
      description: 'Pool type; the bundled provider supports "dir".',
      validators: [oneOf(["dir"])],
      planModifiers: [requiresReplace()],
    }),
    target: nested(
      "single",
      { path: str({ required: true, description: "Directory holding the pool's volumes (created when missing)." }) },
      {
        optional: true,
        computed: true,
        description: "Where the pool keeps its volumes.",
        planModifiers: [replaceForOtherDirectory()],
      },
    ),
    autostart: bool({
      optional: true,
      default: true,
      description:
        "Start the pool when libvirtd starts (an addition: a pool that is not started has no usable volumes).",
    }),
    id: str({ computed: true, description: "The pool's UUID.", planModifiers: [useStateForUnknown()] }),
    capacity: num({ computed: true, description: "Size of the file system holding the pool, in bytes." }),
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
