// Provider logs: hclog-style JSON lines on stderr. Terraform's plugin client parses them and re-logs each at its
// own level, so `TF_LOG=debug terraform plan` shows them. Nothing is ever written to stdout.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

export interface PluginLogger {
  trace(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** True when a message at `level` would be written (skip building expensive log fields otherwise). */
  enabled(level: LogLevel): boolean;
  /** A logger that adds `fields` to every line. */
  with(fields: Record<string, unknown>): PluginLogger;
}

const RANK: Record<LogLevel | "off", number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, off: 5 };

/**
 * The level Terraform asked for: TF_LOG_PROVIDER wins over TF_LOG; "JSON" means trace; an unrecognised
 * non-empty value means trace (as in Terraform); unset means off.
 */
export function levelFromEnv(env: NodeJS.ProcessEnv): LogLevel | "off" {
  const raw = (env.TF_LOG_PROVIDER || env.TF_LOG || "").trim().toLowerCase();
  if (raw === "" || raw === "off") return "off";
  if (raw === "json") return "trace";
  if (raw in RANK) return raw as LogLevel;
  return "trace";
}

export interface LoggerOptions {
  level: LogLevel | "off";
  module: string;
  /** Where lines go; stderr by default. */
  write?: (line: string) => void;
  /** Fixed clock for tests. */
  now?: () => Date;
}

export function createLogger(opts: LoggerOptions, fields: Record<string, unknown> = {}): PluginLogger {
  const min = RANK[opts.level];
  const write = opts.write ?? ((line: string) => process.stderr.write(line));
  const now = opts.now ?? (() => new Date());
  const emit = (level: LogLevel, message: string, extra?: Record<string, unknown>) => {
    if (RANK[level] < min) return;
    const entry: Record<string, unknown> = {
      "@level": level,
      "@message": message,
      "@module": opts.module,
      "@timestamp": hclogTimestamp(now()),
      ...fields,
      ...extra,
    };
    write(safeJson(entry) + "\n");
  };
  return {
    trace: (m, f) => emit("trace", m, f),
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    enabled: (level) => RANK[level] >= min,
    with: (more) => createLogger(opts, { ...fields, ...more }),
  };
}

/** go-plugin parses "@timestamp" with the layout 2006-01-02T15:04:05.000000Z07:00 (exactly 6 fraction digits). */
export function hclogTimestamp(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

function safeJson(entry: Record<string, unknown>): string {
  try {
    return JSON.stringify(entry, (_k, v) => (typeof v === "bigint" ? v.toString() : v instanceof Error ? v.stack : v));
  } catch {
    return JSON.stringify({ "@level": entry["@level"], "@message": String(entry["@message"]) });
  }
}
