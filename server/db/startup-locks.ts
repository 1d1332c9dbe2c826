import { sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { loadPostgresDriver } from "./postgres-driver/load.ts";

/** Any fixed numbers work; every instance of the shop must use the same ones. */
export const migrationLockKey = 727_001;
export const preparationLockKey = 727_003;

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock that other instances of the
 * shop wait for. The lock belongs to one dedicated connection (max: 1) for the whole run; if the
 * process dies, PostgreSQL drops the connection and the lock with it.
 */
async function withAdvisoryLock<T>(url: string, key: number, work: (db: PostgresJsDatabase) => Promise<T>) {
  const { postgres, drizzle } = await loadPostgresDriver();
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle(client, { casing: "snake_case" });
  try {
    await db.execute(sql`select pg_advisory_lock(${key})`);
    return await work(db);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Several app instances may start together on one PostgreSQL database: they take turns, so the
 * migrations run once and the others find them applied. The migrator's queries and transaction
 * run on the locked connection itself; a crash rolls the unfinished migration back.
 */
export function migratePostgresWithLock(url: string, migrationsFolder: string) {
  return withAdvisoryLock(url, migrationLockKey, async (db) => {
    const { migrate } = await loadPostgresDriver();
    await migrate(db, { migrationsFolder });
  });
}

/**
 * The rest of a start's database preparation (demo data, the ADMIN_EMAIL account) also runs one
 * instance at a time: two instances creating the same admin at once would make one fail on the
 * unique email and stop. On the embedded database one process is alone by construction.
 */
export function oneInstanceAtATime<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  return databaseUrl ? withAdvisoryLock(databaseUrl, preparationLockKey, work) : work();
}
