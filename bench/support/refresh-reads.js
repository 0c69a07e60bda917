// The REST reads a refresh of one instance needs: the instance, and its /state only when the provider's own rule
// asks for it (needsRuntimeState in lib/provider/incus/instance/state.ts: a running instance, unless it is a
// container without a network device). The no-op plan benchmarks' baselines read through this, so they make the
// reads that carry the same information as the plan's refresh, no more and no fewer.
// @ts-check
"use strict";
const { loadTs } = require("./load-ts");

/** @type {((instance: object) => boolean) | undefined} */
let needsRuntimeState;

/**
 * GET the instance, then its /state if a refresh needs it; returns how many GETs that was.
 * @param {{ getInstance: Function, getInstanceState: Function }} client a RawIncus
 * @param {string} name @param {string} [project] @param {string} [target]
 */
async function readInstanceForRefresh(client, name, project, target) {
  needsRuntimeState ??= loadTs("lib/provider/incus/instance/state.ts").needsRuntimeState;
  const instance = await client.getInstance(name, project, target);
  if (!(/** @type {(i: object) => boolean} */ (needsRuntimeState)(instance.metadata))) return 1;
  await client.getInstanceState(name, project, target);
  return 2;
}

module.exports = { readInstanceForRefresh };
