import { defineConfig } from "vitest/config";

const resolve = { tsconfigPaths: true } as const;

/**
 * Three projects: `integration` (unit + integration against a real database, one per test file)
 * `e2e` (the built app in a child process, driven through the system Chromium) and `faults`
 * (the built app on a PostgreSQL server of its own that the test stops: `npm run test:faults`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "integration",
          include: [
            "app/**/*.test.{ts,tsx}",
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/support/database-template.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default (cores − 1) is one worker on 2 cores, which leaves a core
          // idle while a file waits on PostgreSQL; each file has its own database, so two run at once.
          maxWorkers: 2,
          // A new process per file (Vitest's default). One process per worker took 0.71 of the
          // time but failed now and then, in CI only and in a different file each time: files
          // here build the Hono app in-process, and two apps' answers went wrong after other files
          // had run in the same process (docs/performance.md, *One process per worker*).
          isolate: true,
          // Projects with different maxWorkers need their own group: plain `vitest` runs the
          // integration files first, then the browser files two at a time.
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          // Security tests attack the same built app over HTTP (tests/security/).
          include: ["tests/e2e/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          // The build, and on PostgreSQL the migrated template every app's database is copied from.
          globalSetup: ["tests/support/build-app.setup.ts", "tests/support/database-template.setup.ts"],
          // A long browser flow that takes 16 s alone took 70 s in CI beside another file on 2 cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file runs its own server and browser; two at a time fits a 2-core machine.
          maxWorkers: 2,
          // A worker runs file after file in one process: Playwright and the support modules load
          // once per worker, not once per file; each file still starts its own app (a child
          // process) on its own database, and its own browser.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          // Fault injection (tests/faults/): the built app on a PostgreSQL server the test stops.
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/build-app.setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
