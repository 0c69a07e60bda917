// lib/incus/transport.ts loads four undici modules by their paths inside the package instead of undici's index, so
// that a provider's first connect does not compile fetch, WebSocket, caches and mocks it never uses. Those paths are
// not undici's public API: this test fails when an undici release moves them or changes what they export, before a
// provider or a program using cdktf-virt/incus fails at its first request.
/* eslint-disable @typescript-eslint/no-require-imports */
import { join } from "node:path";

// What transport.ts requires, and what it takes from each.
const DEEP = {
  Dispatcher: "undici/lib/dispatcher/dispatcher",
  request: "undici/lib/api/api-request",
  Agent: "undici/lib/dispatcher/agent",
  buildConnector: "undici/lib/core/connect",
} as const;

// Resolved from lib/incus, as the library resolves them (not from the test folder).
const fromTransport = { paths: [join(__dirname, "..", "..", "..", "lib", "incus")] };

test.each(Object.entries(DEEP))("%s: %s resolves from lib/incus", (_name, path) => {
  expect(() => require.resolve(path, fromTransport)).not.toThrow();
});

test("each deep module is the very object undici's public index exports", () => {
  jest.isolateModules(() => {
    const load = (path: string): unknown => require(require.resolve(path, fromTransport));
    const index = require(require.resolve("undici", fromTransport)) as typeof import("undici");
    expect(load(DEEP.Agent)).toBe(index.Agent);
    expect(load(DEEP.buildConnector)).toBe(index.buildConnector);
    expect(load(DEEP.Dispatcher)).toBe(index.Dispatcher);
    // The index attaches request() to Dispatcher.prototype; transport.ts does the same with this module.
    expect(load(DEEP.request)).toBe(index.Dispatcher.prototype.request);
  });
});

test("with only the deep modules loaded, a transport's agent is an undici Agent that can request()", async () => {
  let transport: import("../../../lib/incus/transport").Transport | undefined;
  jest.isolateModules(() => {
    // A fresh registry in which nothing loads undici's index: request() is there only if transport.ts attached it.
    const { openTransport } = require("../../../lib/incus/transport") as typeof import("../../../lib/incus/transport");
    transport = openTransport({
      kind: "unix",
      socketPath: "/nonexistent/unix.socket",
      endpoint: "unix:/nonexistent/unix.socket",
    });
    expect(transport.dispatcher).toBeInstanceOf(
      require(require.resolve(DEEP.Agent, fromTransport)) as new () => object,
    );
    expect(transport.dispatcher.request).toBe(require(require.resolve(DEEP.request, fromTransport)));
  });
  await transport?.close();
});
