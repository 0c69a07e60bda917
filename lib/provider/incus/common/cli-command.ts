// The provider prints incus commands the way lib/incus formats them for the incus command-line client (explain
// prints the same ones): one implementation, below both.
export {
  cliRemote,
  cliVolumeRef,
  incusCommand,
  printedCommands,
  shellWord,
  volumeCopyCommand,
} from "../../../incus/cli-command";
export type { CliRemote } from "../../../incus/cli-command";
