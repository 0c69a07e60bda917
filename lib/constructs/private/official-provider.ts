// What the official lxc/incus provider does not carry out. Some props keep their promise only because the bundled
// provider reads a `user.cdktf-virt.*` key or has a resource the official one lacks; under
// IncusProviderSource.OFFICIAL they would synthesize and then silently do nothing (a RETAIN volume deleted) or fail
// only at apply. Such a prop is a synth error there, naming the construct path, the prop and why.
import type { IConstruct } from "constructs";
import { IncusProviderSource } from "../model/incus-host-props";
import type { IncusHostLike } from "./hosts";
import { fail } from "./errors";

/** Fails when `host` uses the official provider: `what` needs the bundled one, because `why`. */
export function requireBundledProvider(
  scope: IConstruct,
  kind: string,
  prop: string,
  host: IncusHostLike,
  what: string,
  why: string,
): void {
  if (host.providerSource !== IncusProviderSource.OFFICIAL) return;
  fail(
    scope,
    kind,
    prop,
    `${what} needs the bundled incus provider, but the IncusHost "${host.node.path}" uses IncusProviderSource.OFFICIAL: ` +
      `the official lxc/incus provider ${why}. Use IncusProviderSource.BUNDLED (the default), or leave ${prop} out.`,
  );
}
