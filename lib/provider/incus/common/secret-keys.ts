// Instance config keys (instances and profiles) whose values commonly carry secrets: cloud-init data (passwords,
// SSH keys, tokens in write_files) and environment variables. `config` cannot be sensitive as a whole without
// hiding every limit and setting in plans, and Terraform cannot mark one map element sensitive, so these keys
// are listed as the attribute's `secretKeys`: the provider redacts their values in every diagnostic and log
// line. To hide them in Terraform's own output, wrap the value in `sensitive(...)` (cdktf: `Fn.sensitive`).
export const SECRET_INSTANCE_CONFIG_KEYS: readonly string[] = [
  "cloud-init.",
  "user.user-data",
  "user.vendor-data",
  "user.meta-data",
  "user.network-config",
  "environment.",
];
