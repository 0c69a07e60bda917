// Two projects: fast unit tests (pure logic, no daemons) and integration tests that drive the real
// incusd, libvirtd and terraform binary. `npm test` runs both; `npm run test:unit` only the first.
const common = {
  preset: "ts-jest",
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  setupFiles: ["<rootDir>/test/support/env.js", "<rootDir>/test/support/synth-dump.js"],
  setupFilesAfterEnv: ["<rootDir>/test/support/cdktf-outdirs.js"],
};

module.exports = {
  // Integration tests deploy real objects; jest reads testTimeout only at the top level.
  testTimeout: 300000,
  // The integration files longest first, by test/integration/durations.json (jest reads this only at the top level).
  testSequencer: "<rootDir>/test/support/duration-sequencer.js",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts"] },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/test/integration/**/*.test.ts"],
      // One HTTPS listener on the local incusd for every file that reaches it over HTTPS, and a watch on its log for
      // a read that would slow it down until it restarts (see the setup file).
      globalSetup: "<rootDir>/test/support/integration-setup.ts",
      globalTeardown: "<rootDir>/test/support/integration-teardown.ts",
    },
  ],
};
