// Terraform JSON as the tests read and edit it: a synthesized cdk.tf.json or a fixture, navigated freely
// (`json.resource.incus_instance.db.device[0].name`) with jest's expect checking what is there. Its shape is
// Terraform's JSON configuration syntax, which no TypeScript type describes, so the one `any` of the tests is here.

/** Terraform JSON (a synthesized stack, a fixture), navigated and edited freely by tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON read by tests; expect checks the values
export type TerraformJson = any;
