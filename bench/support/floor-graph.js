// @ts-check
// The floor of a benchmark: the same Terraform graph (N "first" resources, N "second" ones each depending on its
// first, as a container on its volume or a domain on its disk) with nothing behind it. "builtin" writes it with
// terraform_data (terraform alone, no provider process); "testfs" with the testfs test provider's files (terraform
// plus a provider built on this framework that does no Incus or libvirt work: its starts and its gRPC calls).
"use strict";
const { mkdirSync } = require("node:fs");
const { join } = require("node:path");
const { loadTs } = require("./load-ts");

/** @typedef {"builtin" | "testfs"} FloorProvider */

/** The `terraform { required_providers }` block of one bundled provider (the test mirror's address). */
const requiredProvider = (/** @type {string} */ type) => `terraform {
  required_providers {
    ${type} = { source = "registry.cdktf-virt.local/cdktf-virt/${type}" }
  }
}
`;

/**
 * The graph's HCL.
 * @param {FloorProvider} provider
 * @param {string} root directory for testfs's files
 * @param {number} count
 */
function floorHcl(provider, root, count) {
  if (provider === "builtin") {
    return `resource "terraform_data" "first" {
  count = ${count}
  input = "first\${count.index}"
}
resource "terraform_data" "second" {
  count = ${count}
  input = { name = "second\${count.index}", first = terraform_data.first[count.index].output }
}
`;
  }
  return `${requiredProvider("testfs")}provider "testfs" {
  root = "${root}"
}
resource "testfs_file" "first" {
  count   = ${count}
  path    = "first\${count.index}"
  content = "first"
}
resource "testfs_file" "second" {
  count   = ${count}
  path    = "second\${count.index}"
  content = testfs_file.first[count.index].sha256
}
`;
}

/**
 * A workspace with the floor graph written and `terraform init` done; the caller applies, plans and cleans up.
 * @param {FloorProvider} provider
 * @param {string} prefix
 * @param {number} count
 */
async function floorWorkspace(provider, prefix, count) {
  const { TerraformWorkspace } = loadTs("test/support/terraform.ts");
  // The mirror holds testfs either way (terraform_data needs none, the workspace wants one).
  const ws = TerraformWorkspace.create({ providers: ["testfs"], prefix, env: { TF_LOG: "" } });
  try {
    const root = join(ws.root, "files");
    mkdirSync(root);
    ws.write("main.tf", floorHcl(provider, root, count));
    await ws.init();
    return ws;
  } catch (err) {
    ws.cleanup();
    throw err;
  }
}

module.exports = { floorWorkspace, requiredProvider };
