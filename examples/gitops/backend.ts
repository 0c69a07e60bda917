// State in PostgreSQL for pipelines: every run and every operator share one state, with locking. The connection
// string is deliberately left out of the configuration: terraform reads it from PG_CONN_STR at init, so the
// password never lands in cdk.tf.json (which pipelines keep as an artifact).
import { PgBackend } from "cdktf";
import type { TerraformStack } from "cdktf";

export interface StateBackendOptions {
  /**
   * PostgreSQL schema holding this stack's state (one schema per stack and environment).
   * @default "cdktf_virt_<stack name>" with non-word characters replaced by "_"
   */
  readonly schemaName?: string;
}

/** Stores the stack's state in PostgreSQL; the connection string comes from $PG_CONN_STR when terraform runs. */
export function usePgBackend(stack: TerraformStack, options: StateBackendOptions = {}): PgBackend {
  const schemaName = options.schemaName ?? `cdktf_virt_${stack.node.id}`.replace(/\W+/g, "_").toLowerCase();
  const backend = new PgBackend(stack, { connStr: "", schemaName });
  // PgBackend requires connStr; removing it from the output lets terraform fall back to PG_CONN_STR.
  backend.addOverride("conn_str", undefined);
  return backend;
}
