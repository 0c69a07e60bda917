// @ts-check
// HCL of the benchmarks' stacks, written as cdktf synthesizes a stack: one resource block per resource, so each
// resource waits for the ones it names and nothing else. (With `count`, `second[count.index]` would make every
// second resource wait for all firsts: Terraform resolves a reference per resource block, not per instance, which no
// REST or virsh baseline does.)
"use strict";

/** The `terraform { required_providers }` block of one bundled provider (the test mirror's address). */
const requiredProvider = (/** @type {string} */ type) => `terraform {
  required_providers {
    ${type} = { source = "registry.cdktf-virt.local/cdktf-virt/${type}" }
  }
}
`;

/**
 * `count` pairs of resources, `<first.type>.<first.name>_<i>` and `<second.type>.<second.name>_<i>`, each second
 * depending on its own first (as a container on its volume, a domain on its disk).
 * @param {number} count
 * @param {{ type: string, name: string, body: (i: number) => string }} first `body`: the block's lines
 * @param {{ type: string, name: string, body: (i: number, ref: string) => string }} second `ref`: its first's address
 */
function pairBlocks(count, first, second) {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `resource "${first.type}" "${first.name}_${i}" {
${first.body(i)}}
resource "${second.type}" "${second.name}_${i}" {
${second.body(i, `${first.type}.${first.name}_${i}`)}}
`;
  }
  return out;
}

module.exports = { pairBlocks, requiredProvider };
