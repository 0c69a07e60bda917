// Public surface of the command line: the dispatcher behind bin/cdktf-virt.
export { COMMANDS, USAGE, main } from "./dispatch";
export { UsageError } from "./io";
export type { CliIO, CliOutput, CommandMain } from "./io";
export { PROVIDER_INSTALL_USAGE, providerInstall } from "./provider-install";
