/**
 * The one way the server loads postgres.js: the socket guard (socket-guard.ts) is checked and, if
 * missing, applied before the driver's code is first imported. Drizzle's postgres-js adapter imports
 * the driver itself, so it is loaded here too; nothing else may import either at module level
 * (`import type` is fine).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { ensureSocketGuard } from "./socket-guard.ts";

/** node_modules/postgres, found the way Node resolves it from here. */
export function postgresPackageRoot() {
  const entry = createRequire(import.meta.url).resolve("postgres"); // …/postgres/cjs/src/index.js
  return path.resolve(path.dirname(entry), "../..");
}

let loading: ReturnType<typeof load> | undefined;

/** postgres.js and Drizzle's adapter for it, guarded; loaded once per process. */
export function loadPostgresDriver() {
  loading ??= load();
  return loading;
}

async function load() {
  ensureSocketGuard(postgresPackageRoot());
  const [driver, adapter, migrator] = await Promise.all([
    import("postgres"),
    import("drizzle-orm/postgres-js"),
    import("drizzle-orm/postgres-js/migrator"),
  ]);
  return { postgres: driver.default, drizzle: adapter.drizzle, migrate: migrator.migrate };
}
