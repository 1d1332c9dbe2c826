import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** Any fixed number works; every instance of the shop must use the same one. */
export const migrationLockKey = 727_001;

/**
 * Several app instances may start together on one PostgreSQL database: they take turns, so the
 * migrations run once and the others find them applied. The advisory lock belongs to one
 * dedicated connection (max: 1) for the whole run, so the migrator's own queries and transaction
 * run inside it; if the process dies, PostgreSQL drops the connection, the lock and the
 * uncommitted migration transaction together.
 */
export async function migratePostgresWithLock(url: string, migrationsFolder: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle(client, { casing: "snake_case" });
  try {
    await db.execute(sql`select pg_advisory_lock(${migrationLockKey})`);
    await migrate(db, { migrationsFolder });
  } finally {
    await client.end({ timeout: 5 });
  }
}
