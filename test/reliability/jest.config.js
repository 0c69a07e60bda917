// The heavy reliability drills (many more crash trials, fuzz runs and concurrent deploys than the CI-sized ones in
// test/integration/reliability). Run with `npx jest -c test/reliability/jest.config.js --runInBand`; they need the
// same daemons as the integration tests plus PostgreSQL (scripts/setup-postgres.sh).
module.exports = {
  rootDir: "../..",
  preset: "ts-jest",
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  setupFiles: ["<rootDir>/test/support/env.js"],
  testMatch: ["<rootDir>/test/reliability/**/*.test.ts"],
  testTimeout: 3_600_000,
};
