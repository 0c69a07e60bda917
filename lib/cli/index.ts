// The command line behind bin/cdktf-virt: one dispatcher for every command. Commands take the one IO (ToolIO) and
// report problems with the one error family (ToolError, UsageError) of lib/tooling/common.
export { COMMANDS, USAGE, main } from "./dispatch";
