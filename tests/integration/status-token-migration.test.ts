import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrationsFolder, pgliteExtensions } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";

/**
 * The order status token migration on a database that already holds orders: each existing order
 * gets its own token (a guest's old confirmation has no link, but the order is ready for one).
 */
let client: PGlite;
let before: string;

/** A copy of the migrations folder whose journal stops just before the one adding status tokens (guest_orders). */
function migrationsBeforeStatusToken(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const cut = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("_guest_orders"));
  if (cut < 0) throw new Error("the migration adding status tokens (…_guest_orders) is not in the journal");
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  client = await PGlite.create({ extensions: pgliteExtensions });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  before = migrationsBeforeStatusToken();
  await migrate(db as never, { migrationsFolder: before });
  await client.exec(`
    insert into orders (subtotal_cents, total_cents, payment_status, email)
      select 5999, 5999, 'paid', 'old' || n || '@example.com' from generate_series(1, 50) n;
  `);
  await migrate(db as never, { migrationsFolder });
}, 120_000);

afterAll(async () => {
  await client?.close();
  rmSync(before, { recursive: true, force: true });
});

describe("status token migration", () => {
  it("gives every existing order its own 43-character base64url token", async () => {
    const { rows } = await client.query<{ status_token: string | null }>("select status_token from orders");
    expect(rows).toHaveLength(50);
    for (const { status_token } of rows) expect(status_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(rows.map((r) => r.status_token)).size).toBe(50);
  });
});
