// A volume's name as an instance's disk device names it: the same `${<address>.name}` a reference token resolves to,
// made at synth without a reference token. Every reference token records the complete stack trace of its creation;
// one per attached volume was the largest cost of building a stack of many instances. Outside the volume's stack it
// resolves to the framework's reference, which also sets up the cross-stack output.
import type { IResolvable, IResolveContext, TerraformResource } from "cdktf";
import { TerraformStack, Token } from "../../framework";
import { resourceAddress } from "../../lifecycle/references";
import type { IVolume } from "../model/volume-props";

// The resources of the volumes this stack creates; other volumes (Volume.fromName) name themselves.
const resources = new WeakMap<IVolume, TerraformResource>();

/** Records the resource whose `name` is `volume`'s name. */
export function registerVolumeResource(volume: IVolume, resource: TerraformResource): void {
  resources.set(volume, resource);
}

/** `volume`'s name for a device of another resource: resolves to what `volume.volumeName` does. */
export function volumeNameForDevice(volume: IVolume): string {
  const resource = resources.get(volume);
  if (!resource) return volume.volumeName;
  const value: IResolvable = {
    creationStack: [],
    resolve: (context: IResolveContext) =>
      TerraformStack.of(context.scope) === TerraformStack.of(resource)
        ? `\${${resourceAddress(resource)}.name}`
        : volume.volumeName,
    toString: () => Token.asString(value),
  };
  return Token.asString(value);
}
