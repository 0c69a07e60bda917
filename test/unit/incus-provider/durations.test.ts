// Durations a timer cannot hold: Node fires a setTimeout of more than 2^31-1 ms after 1 ms, so every duration the
// incus provider takes (wait_timeout, wait_for delay, exec timeout) is rejected above that, naming the attribute
// and the maximum, and the Incus client refuses such budgets as options.
import { IncusClient } from "../../../lib/incus";
import { MAX_TIMEOUT_MS } from "../../../lib/incus/cancel";
import { Diagnostics } from "../../../lib/provider/framework";
import { validateConfigValue } from "../../../lib/provider/framework/validate";
import { MAX_DURATION_MS, parseDuration } from "../../../lib/provider/incus/common";
import type { InstancePlanModel } from "../../../lib/provider/incus/instance/schema";
import { validateInstanceConfig } from "../../../lib/provider/incus/instance/validate";
import { providerSchema } from "../../../lib/provider/incus/provider-schema";

test("the maximum is the longest a timer can wait", () => {
  expect(MAX_DURATION_MS).toBe(2 ** 31 - 1);
  expect(MAX_TIMEOUT_MS).toBe(MAX_DURATION_MS);
});

describe("parseDuration", () => {
  test.each([
    ["596h31m23s", 2_147_483_000],
    ["2147483647ms", MAX_DURATION_MS],
    ["2147483647.4ms", MAX_DURATION_MS],
    ["596h", 596 * 3_600_000],
  ])("accepts %j (%i ms)", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.each(["2147483648ms", "2147483647.6ms", "596h31m24s", "597h", "99999999999h"])(
    "rejects %j, naming the maximum",
    (text) => {
      expect(() => parseDuration(text)).toThrow(
        `${JSON.stringify(
          text,
        )} is longer than the maximum of 596h31m23s (2147483647 ms), the longest a timer can wait`,
      );
    },
  );

  test("rejects a number of hours too large for a double (Infinity ms)", () => {
    expect(() => parseDuration(`${"9".repeat(400)}h`)).toThrow(/is longer than the maximum of 596h31m23s/);
  });
});

describe("provider wait_timeout", () => {
  const validate = (waitTimeout: string) => {
    const diags = new Diagnostics();
    const config = {
      config_dir: null,
      generate_client_certificates: null,
      accept_remote_certificate: null,
      default_remote: null,
      wait_timeout: waitTimeout,
      remote: [],
    };
    validateConfigValue(providerSchema, config, diags);
    return diags.errors.map((d) => ({ path: d.path, detail: d.detail }));
  };

  test("a value over 2^31-1 ms is rejected at the attribute, naming it and the maximum", () => {
    const errors = validate("99999999999h");
    expect(errors).toHaveLength(1);
    expect(errors[0].path).toEqual(["wait_timeout"]);
    expect(errors[0].detail).toBe(
      'wait_timeout "99999999999h" is longer than the maximum of 596h31m23s (2147483647 ms), the longest a timer can wait.',
    );
  });

  test("the maximum itself and ordinary values pass; zero and nonsense still fail naming wait_timeout", () => {
    expect(validate("596h31m23s")).toEqual([]);
    expect(validate("2147483647ms")).toEqual([]);
    expect(validate("1h2m3s")).toEqual([]);
    expect(validate("0s")).toEqual([{ path: ["wait_timeout"], detail: "wait_timeout must be longer than zero." }]);
    expect(validate("abc")[0].detail).toMatch(/^wait_timeout "abc" is not a duration/);
  });
});

describe("incus_instance durations", () => {
  const config = {
    name: "c1",
    type: null,
    image: "img",
    ephemeral: null,
    running: null,
    source_instance: null,
    source_file: null,
    device: [],
    file: [],
    wait_for: [],
    exec: null,
  };
  const check = (overrides: Record<string, unknown>) => {
    const diags = new Diagnostics();
    // A configuration as Terraform sends it: the attributes it leaves out (and those with a default) are null.
    const values: object = { ...config, ...overrides };
    validateInstanceConfig(values as InstancePlanModel, diags);
    return diags.errors.map((d) => ({ summary: d.summary, detail: d.detail, path: d.path }));
  };

  test("a wait_for delay over the maximum is rejected; the maximum passes", () => {
    expect(check({ wait_for: [{ type: "delay", delay: "2147483648ms", nic: null }] })).toEqual([
      {
        summary: "Invalid wait_for delay",
        detail:
          'wait_for { type = "delay" }: "2147483648ms" is longer than the maximum of 596h31m23s (2147483647 ms), the longest a timer can wait.',
        // A lone wait_for block: the path names its delay, so Terraform quotes that line.
        path: ["wait_for", 0, "delay"],
      },
    ]);
    expect(check({ wait_for: [{ type: "delay", delay: "596h31m23s", nic: null }] })).toEqual([]);
  });

  test("an exec timeout over the maximum is rejected at the entry's timeout", () => {
    const entry = {
      command: ["true"],
      environment: null,
      working_dir: null,
      uid: null,
      gid: null,
      timeout: "1000h",
      trigger: null,
    };
    expect(check({ exec: { setup: entry } })).toEqual([
      {
        summary: "Invalid exec timeout",
        detail:
          'Exec entry "setup": "1000h" is longer than the maximum of 596h31m23s (2147483647 ms), the longest a timer can wait.',
        path: ["exec", { key: "setup" }, "timeout"],
      },
    ]);
    expect(check({ exec: { setup: { ...entry, timeout: "24h" } } })).toEqual([]);
  });
});

describe("Incus client budgets", () => {
  test.each(["requestTimeoutMs", "operationTimeoutMs", "connectTimeoutMs"])(
    "the client option %s is at most 2^31-1 ms",
    (option) => {
      expect(() => new IncusClient({ [option]: MAX_TIMEOUT_MS + 1 })).toThrow(
        expect.objectContaining({
          code: "INVALID_OPTIONS",
          message: expect.stringContaining(
            `IncusClient option ${option} must be a positive number of milliseconds up to 2147483647`,
          ),
        }),
      );
      expect(() => new IncusClient({ [option]: Infinity })).toThrow(
        expect.objectContaining({ code: "INVALID_OPTIONS" }),
      );
    },
  );

  test("a call's timeoutMs over 2^31-1 ms is refused before anything is sent; Infinity still means no limit", async () => {
    // No daemon is needed: the budget is checked before the request is made.
    const client = new IncusClient({ remote: { kind: "unix", socketPath: "/nonexistent/incus-durations-test.sock" } });
    try {
      await expect(client.server.get({ timeoutMs: 3_600_000_000 })).rejects.toMatchObject({
        code: "INVALID_OPTIONS",
        message: expect.stringContaining("timeoutMs must be a positive number of milliseconds up to 2147483647"),
      });
      await expect(client.server.get({ timeoutMs: Infinity })).rejects.toMatchObject({ code: "CONNECTION" });
    } finally {
      await client.close();
    }
  });
});
