import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectRoot } from "../project-root.ts";
import { claimDataFolder } from "./data-folder-lock.ts";
import { explainStartFailure, prepareDataFolder } from "./pglite-folder.ts";
import { loadPostgresDriver } from "./postgres-driver/load.ts";
import * as schema from "./schema/index.ts";
import { migratePostgresWithLock } from "./startup-locks.ts";

export type Schema = typeof schema;
/** The one database handle type every domain function takes: PGlite and PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers when the database does (readiness). */
  ping(): Promise<void>;
  /** Closes cleanly: PGlite checkpoints its data folder. */
  close(): Promise<void>;
};

export const migrationsFolder = path.join(projectRoot, "server/db/migrations");

/** Contrib extensions the migrations create (pg_trgm: admin order search). */
export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, inside the
 * server process, and is never given back: ~110 MB of resident memory under load. 16 MB holds a
 * shop's hot pages; the rest is read through the operating system's file cache
 * (docs/decisions/018-cached-product-pages.md).
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/** Limits on waiting for PostgreSQL (docs/decisions/027-database-outage.md). */
export type DatabaseTimeouts = {
  /** Giving up on opening a connection (a host that does not answer at all). */
  connectMs: number;
  /** Server-side statement_timeout; 0 leaves statements unlimited (scripts, benchmarks). */
  statementMs: number;
};

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 10_000, statementMs: 0 };

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  max?: number;
  timeouts?: Partial<DatabaseTimeouts>;
};

/** PostgreSQL when a URL is given; otherwise the embedded PGlite at `dataDir` (in memory when absent). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (!options.url) return openPglite(options.dataDir);
  return openPostgres(options.url, options.max, { ...DEFAULT_TIMEOUTS, ...options.timeouts });
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) prepareDataFolder(dataDir);
  const releaseDataFolder = dataDir ? claimDataFolder(dataDir) : () => {};
  const client = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  }).catch((error: unknown) => {
    releaseDataFolder();
    throw dataDir ? explainStartFailure(dataDir, error) : error;
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close().finally(releaseDataFolder),
  };
}

async function openPostgres(url: string, max = 10, timeouts = DEFAULT_TIMEOUTS): Promise<Database> {
  const { postgres, drizzle } = await loadPostgresDriver();
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: timeouts.connectMs / 1000,
    // Idle connections are closed, so none is left half-dead for long after a server restart.
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
    connection: timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {},
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  // The availability probe has a connection of its own: through the pool, a probe queued behind
  // requests waiting on a busy row (a flash sale) timed out and the instance answered 503 to all.
  const probe = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: timeouts.connectMs / 1000,
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
  });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgresWithLock(url, migrationsFolder),
    ping: async () => void (await probe`select 1`),
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), probe.end({ timeout: 5 })]);
    },
  };
}

/**
 * The driver's default waits up to 20 s (growing with failures shared by the whole pool) before a
 * connection tries again, so requests hung for seconds after PostgreSQL was back. Outages are
 * handled by the availability tracker instead; the driver retries almost at once.
 */
function reconnectDelaySeconds(failures: number) {
  return Math.min(0.05 * 2 ** failures, 0.5);
}
