import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import postgres from "postgres";
import { describe, inject } from "vitest";
import { type Database, type Db, openDatabase, pgliteExtensions } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";

export type TestDatabase = Database & {
  /** Connection URL when on PostgreSQL (a database created for this test file). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
};

/** The PostgreSQL server under test, when TEST_DATABASE_URL is set. */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A migrated, empty database for one test file: a fresh database on the PostgreSQL server when
 * TEST_DATABASE_URL is set, otherwise an in-memory PGlite loaded from the migrated template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return postgresUrl ? createPostgresDatabase(postgresUrl) : createPgliteDatabase();
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const template = readFileSync(inject("pgliteTemplate"));
  const client = await PGlite.create({ loadDataDir: new Blob([template]), extensions: pgliteExtensions });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  const close = () => client.close();
  return {
    db,
    kind: "pglite",
    migrate: async () => {},
    ping: async () => void (await db.execute(sql`select 1`)),
    close,
    destroy: close,
  };
}

/**
 * Creates `shop_test_<random>` next to the given database: a copy of the migrated template when
 * the suite's setup made one (database-template.setup.ts), else migrated here.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template "${template}"` : `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, max: 60 });
  if (!template) await database.migrate();
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * For tests that need a real PostgreSQL server (concurrency, row locks): runs them when
 * TEST_DATABASE_URL is set, otherwise skips them and says why.
 */
export const describeOnPostgres: typeof describe = ((name: string, fn: () => void) => {
  if (postgresUrl) return describe(name, fn);
  console.warn(`[skipped] "${name}" needs a PostgreSQL server: set TEST_DATABASE_URL to run it.`);
  return describe.skip(name, fn);
}) as typeof describe;
