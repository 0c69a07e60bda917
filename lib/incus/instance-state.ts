// Instance runtime state (/1.0/instances/{name}/state): read it, start, stop, restart, freeze.
import type { CallOptions, IncusApi, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";

export type StateAction = "start" | "stop" | "restart" | "freeze" | "unfreeze";

export interface InstanceStatePut {
  readonly action: StateAction;
  /** Kill instead of a clean shutdown (stop, restart). */
  readonly force?: boolean;
  /** Seconds to wait for a clean shutdown before failing (stop, restart); -1 waits forever. */
  readonly timeout?: number;
  /** Save or restore the runtime state (stop, start). */
  readonly stateful?: boolean;
}

export interface InstanceState {
  /** Running, Stopped, Frozen, Error. */
  readonly status: string;
  readonly status_code: number;
  readonly pid: number;
  readonly processes: number;
  readonly started_at?: string;
  readonly cpu: { readonly usage: number } | null;
  readonly memory: Record<string, number> | null;
  readonly disk: Record<string, Record<string, number>> | null;
  readonly network: Record<
    string,
    {
      readonly addresses: { family: string; address: string; netmask: string; scope: string }[];
      readonly hwaddr: string;
      readonly host_name: string;
      readonly state: string;
      readonly type: string;
    }
  > | null;
}

/** Options of stop and restart. */
export interface ShutdownOptions extends CallOptions {
  /** Kill the instance instead of asking it to shut down. @default false */
  readonly force?: boolean;
  /** Seconds to wait for a clean shutdown (ignored with force). @default -1, wait until the call's timeoutMs */
  readonly timeout?: number;
  /** Save runtime state to disk (stop only). @default false */
  readonly stateful?: boolean;
}

export class InstanceStateApi {
  constructor(private readonly api: IncusApi) {}

  private pathOf(name: string): string {
    return apiPath("instances", name, "state");
  }

  async get(name: string, call?: CallOptions): Promise<Versioned<InstanceState>> {
    return this.api.get<InstanceState>(this.pathOf(name), call, PROJECT);
  }

  /** Any state change (PUT .../state), waiting until Incus finished it. */
  async change(name: string, body: InstanceStatePut, call?: CallOptions): Promise<void> {
    await this.api.write("PUT", this.pathOf(name), call, PROJECT, { json: body });
  }

  async start(name: string, options: CallOptions & { readonly stateful?: boolean } = {}): Promise<void> {
    const { stateful, ...call } = options;
    await this.change(name, { action: "start", ...(stateful ? { stateful } : {}) }, call);
  }

  async stop(name: string, options: ShutdownOptions = {}): Promise<void> {
    const { force, timeout, stateful, ...call } = options;
    await this.change(
      name,
      { action: "stop", force: force ?? false, timeout: timeout ?? -1, ...(stateful ? { stateful } : {}) },
      call,
    );
  }

  async restart(name: string, options: Omit<ShutdownOptions, "stateful"> = {}): Promise<void> {
    const { force, timeout, ...call } = options;
    await this.change(name, { action: "restart", force: force ?? false, timeout: timeout ?? -1 }, call);
  }

  async freeze(name: string, call?: CallOptions): Promise<void> {
    await this.change(name, { action: "freeze" }, call);
  }

  async unfreeze(name: string, call?: CallOptions): Promise<void> {
    await this.change(name, { action: "unfreeze" }, call);
  }
}
