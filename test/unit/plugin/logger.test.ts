// Provider logging: the level Terraform asks for (TF_LOG_PROVIDER over TF_LOG), hclog JSON lines that
// go-plugin can parse (exactly six fraction digits in @timestamp), fields, and bigint/Error values.
import { createLogger, hclogTimestamp, levelFromEnv } from "../../../lib/provider/plugin";

describe("provider logger", () => {
  test.each([
    [{}, "off"],
    [{ TF_LOG: "DEBUG" }, "debug"],
    [{ TF_LOG: "json" }, "trace"],
    [{ TF_LOG: "whatever" }, "trace"],
    [{ TF_LOG: "off" }, "off"],
    [{ TF_LOG: "error", TF_LOG_PROVIDER: "INFO" }, "info"],
  ])("levelFromEnv(%j) = %s", (env, level) => {
    expect(levelFromEnv(env as NodeJS.ProcessEnv)).toBe(level);
  });

  test("writes hclog JSON lines at or above the level, with fields", () => {
    const lines: string[] = [];
    const now = () => new Date(Date.UTC(2025, 4, 6, 7, 8, 9, 123));
    const log = createLogger({ level: "info", module: "provider.test", write: (l) => void lines.push(l), now });
    log.debug("hidden");
    log.with({ tf_rpc: "ApplyResourceChange" }).warn("careful", { big: 2n ** 70n, err: new Error("boom") });
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({
      "@level": "warn",
      "@message": "careful",
      "@module": "provider.test",
      "@timestamp": "2025-05-06T07:08:09.123000Z",
      tf_rpc: "ApplyResourceChange",
      big: "1180591620717411303424",
    });
    expect(entry.err).toMatch(/^Error: boom\n\s+at /);
    expect(log.enabled("debug")).toBe(false);
    expect(log.enabled("error")).toBe(true);
  });

  test("level off writes nothing", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "off", module: "m", write: (l) => void lines.push(l) });
    log.error("x");
    expect(lines).toEqual([]);
    expect(hclogTimestamp(new Date(0))).toBe("1970-01-01T00:00:00.000000Z");
  });
});
