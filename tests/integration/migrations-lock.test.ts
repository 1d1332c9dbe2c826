import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../../server/db/client.ts";
import { migrationLockKey } from "../../server/db/startup-locks.ts";
import { describeOnPostgres, postgresUrl, withDatabase } from "../support/database.ts";

const committedMigrations = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
).entries.length as number;

describeOnPostgres("migrations when several instances start together on PostgreSQL", () => {
  const admin = postgres(postgresUrl ?? "", { max: 1, onnotice: () => {} });
  const names = [`shop_migrate_a_${process.pid}`, `shop_migrate_b_${process.pid}`];
  beforeAll(async () => {
    for (const name of names) await admin.unsafe(`create database ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function appliedMigrations(url: string) {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select hash from drizzle.__drizzle_migrations`;
      return rows.map((r) => r.hash as string);
    } finally {
      await sql.end();
    }
  }

  it("two instances starting at once on a fresh database both start, and each migration runs once", async () => {
    const url = withDatabase(postgresUrl!, names[0]!);
    const instances = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const applied = await appliedMigrations(url);
      expect(applied).toHaveLength(committedMigrations);
      expect(new Set(applied).size).toBe(committedMigrations);
      await Promise.all(instances.map((instance) => instance.ping()));
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it("an instance waits while another holds the migration lock, then finds its work done or does it", async () => {
    const url = withDatabase(postgresUrl!, names[1]!);
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    const observer = postgres(url, { max: 1, onnotice: () => {} });
    const instance = await openDatabase({ url });
    try {
      await holder`select pg_advisory_lock(${migrationLockKey})`;
      const migrating = instance.migrate();
      await waitFor(async () => {
        const [row] = await observer`
          select count(*)::int as n from pg_locks
          where locktype = 'advisory' and objid = ${migrationLockKey} and not granted`;
        return row?.n === 1;
      });
      const [schema] = await observer`select count(*)::int as n from pg_namespace where nspname = 'drizzle'`;
      expect(schema?.n).toBe(0); // nothing ran while the lock was held elsewhere
      await holder`select pg_advisory_unlock(${migrationLockKey})`;
      await migrating;
      expect(await appliedMigrations(url)).toHaveLength(committedMigrations);
    } finally {
      await instance.close();
      await holder.end();
      await observer.end();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
