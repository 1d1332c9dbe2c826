import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { projectRoot } from "../project-root.ts";
import * as schema from "./schema/index.ts";

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

export type OpenOptions = { url?: string; dataDir?: string; max?: number };

/** PostgreSQL when a URL is given; otherwise the embedded PGlite at `dataDir` (in memory when absent). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.max) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgresWithLock(url),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Several app instances may start together: one migrates at a time.
 * A single dedicated connection holds the advisory lock for the whole run.
 */
async function migratePostgresWithLock(url: string) {
  const lockId = 727_001;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client, { casing: "snake_case" });
  try {
    await db.execute(sql`select pg_advisory_lock(${lockId})`);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await client.end({ timeout: 5 });
  }
}
