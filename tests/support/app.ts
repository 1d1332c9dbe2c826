import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../../server/db/client.ts";
import { openDatabase } from "../../server/db/client.ts";
import { startBuiltServer } from "./built-server.ts";
import { createPostgresDatabase, postgresUrl, type TestDatabase } from "./database.ts";

export type StartAppOptions = {
  seed?: "demo" | "none";
  /** "pglite" forces the embedded database even when TEST_DATABASE_URL is set. */
  database?: "pglite" | "default";
  env?: Record<string, string>;
  /** Runs against the app's database before the server starts (fixtures). */
  prepare?: (db: Db) => Promise<void>;
  /** The host name the shop is served under (see BuiltServerOptions.publicHost). */
  publicHost?: string;
};

export type RunningApp = {
  url: string;
  dataDir: string;
  /** The app's own database while it runs — only on PostgreSQL (PGlite allows one process). */
  database?: TestDatabase;
  child: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the server and removes its data. */
  destroy(): Promise<void>;
};

/**
 * Starts the built server bundle (`npm start` without the build) in a child process on a free port with a
 * temporary DATA_DIR: on PGlite by default, on a fresh PostgreSQL database with TEST_DATABASE_URL.
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const serverUrl = options.database === "pglite" ? undefined : postgresUrl;
  const database = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  if (options.prepare) await prepareDatabase(options.prepare, dataDir, database);
  return launch({
    dataDir,
    database,
    env: { SEED: options.seed ?? "demo", ...options.env },
    publicHost: options.publicHost,
  });
}

/** Starts the app again on the data of a stopped one (restart tests). */
export function restartApp(previous: RunningApp, env: Record<string, string> = {}): Promise<RunningApp> {
  return launch({ dataDir: previous.dataDir, database: previous.database, env: { SEED: "demo", ...env } });
}

/**
 * Starts one more instance of a running app on the same PostgreSQL database, with its own data
 * folder (several-instance tests). Destroying it stops it and removes only its folder.
 */
export async function startAnotherInstance(
  first: RunningApp,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  if (!first.database) throw new Error("several instances need PostgreSQL (TEST_DATABASE_URL)");
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const app = await launch({ dataDir, database: first.database, env: { SEED: "demo", ...env } });
  return {
    ...app,
    destroy: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function prepareDatabase(
  prepare: StartAppOptions["prepare"] & {},
  dataDir: string,
  database?: TestDatabase,
) {
  if (database) return prepare(database.db);
  const local = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    await local.migrate();
    await prepare(local.db);
  } finally {
    await local.close();
  }
}

type LaunchOptions = {
  dataDir: string;
  database?: TestDatabase;
  env: Record<string, string>;
  publicHost?: string;
};

async function launch(opts: LaunchOptions) {
  const server = await startBuiltServer({
    publicHost: opts.publicHost,
    dataDir: opts.dataDir,
    databaseUrl: opts.database?.url,
    env: opts.env,
    logLevel: process.env.E2E_LOG_LEVEL,
  });
  return {
    url: server.url,
    dataDir: opts.dataDir,
    database: opts.database,
    child: server.child,
    output: server.output,
    stop: server.stop,
    destroy: async () => {
      await server.stop();
      await opts.database?.destroy();
      rmSync(opts.dataDir, { recursive: true, force: true });
    },
  } satisfies RunningApp;
}
