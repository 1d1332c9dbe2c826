import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpEmbeddedDatabase } from "../../server/db/backup/dump.ts";
import { readDumpFile, writeDumpFile } from "../../server/db/backup/dump-file.ts";
import { restoreDump } from "../../server/db/backup/restore.ts";
import { type Db, openDatabase } from "../../server/db/client.ts";
import { DataFolderInUse } from "../../server/db/data-folder-lock.ts";
import { orderDailyStats, orderItems, orders, user } from "../../server/db/schema/index.ts";
import { seedDemoDataIfEmpty } from "../../server/seed/demo.ts";
import { createOrder, createProduct, createUser } from "../factories/index.ts";
import { describeOnPostgres, postgresUrl, withDatabase } from "../support/database.ts";

/** Everything a shop owner would miss: every order with its items, the customers, the dashboard totals. */
async function snapshot(db: Db) {
  const [stats] = await db
    .select({
      orders: sql<number>`sum(${orderDailyStats.orders})::int`,
      revenue: sql<number>`sum(${orderDailyStats.revenueCents})::int`,
    })
    .from(orderDailyStats);
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    items: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    users: await db.select({ id: user.id, email: user.email }).from(user).orderBy(asc(user.id)),
    stats,
  };
}

/** Orders as checkout leaves them, with text that tests quoting: quotes, backslashes, newlines, emoji. */
async function makeOrders(db: Db) {
  const customer = await createUser(db, { name: 'O\'Brien \\ "Ann"' });
  const product = await createProduct(db, { name: "Resin 30g — 'pure'" });
  for (let i = 0; i < 25; i++) {
    const order = await createOrder(db, {
      userId: i % 2 ? customer.id : null,
      paymentStatus: i % 5 === 0 ? "unpaid" : "paid",
      name: `Buyer ${i} O'Neil\nline two 🌿`,
      shippingAddress: {
        line1: `${i} "Main" St\\`,
        city: "Austin",
        state: "TX",
        postalCode: "73301",
        country: "US",
      },
      totalCents: 1000 + i,
    });
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      name: product.name,
      unitPriceCents: 1000 + i,
      quantity: 1,
      lineTotalCents: 1000 + i,
    });
  }
}

const repoRoot = path.resolve(import.meta.dirname, "../..");

function runTool(script: "db-backup.ts" | "db-restore.ts", args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", ...env },
    encoding: "utf8",
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

// Each test opens one or more PGlite folders (a second or more each), some through the real
// commands in child processes: generous limits for a busy 2-core machine.
describe("backup and restore of the embedded database", { timeout: 120_000 }, () => {
  let dir: string;
  let sourceDir: string;
  let dump: string;
  let expected: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
    sourceDir = path.join(dir, "source", "db");
    const source = await openDatabase({ dataDir: sourceDir });
    await source.migrate();
    await seedDemoDataIfEmpty(source.db, { uploadsDir: path.join(dir, "uploads") });
    await makeOrders(source.db);
    expected = await snapshot(source.db);
    await source.close();
    dump = await dumpEmbeddedDatabase(sourceDir);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("restores into a fresh embedded database with every order, and the shop keeps working on it", async () => {
    expect(expected.orders.length).toBeGreaterThanOrEqual(25);
    const targetDir = path.join(dir, "fresh", "db");
    const summary = await restoreDump(dump, { dbDir: targetDir });
    expect(summary.orders).toBe(expected.orders.length);

    const restored = await openDatabase({ dataDir: targetDir });
    try {
      expect(await snapshot(restored.db)).toEqual(expected);
      await restored.migrate(); // the start's migration finds every migration applied
      // Triggers came back too: a newly paid order reaches the dashboard totals.
      await createOrder(restored.db, { paymentStatus: "paid", totalCents: 500 });
      expect((await snapshot(restored.db)).stats?.revenue).toBe((expected.stats?.revenue ?? 0) + 500);
    } finally {
      await restored.close();
    }
  });

  it("refuses to restore over a non-empty database unless forced, and forced replaces everything", async () => {
    const targetDir = path.join(dir, "busy", "db");
    const target = await openDatabase({ dataDir: targetDir });
    await target.migrate();
    const stray = await createOrder(target.db, { name: "not in the backup" });
    await target.close();

    await expect(restoreDump(dump, { dbDir: targetDir })).rejects.toThrow(/not empty .*--force/);
    await restoreDump(dump, { dbDir: targetDir }, { force: true });
    const restored = await openDatabase({ dataDir: targetDir });
    try {
      const after = await snapshot(restored.db);
      expect(after).toEqual(expected);
      expect(after.orders.map((o) => o.id)).not.toContain(stray.id);
    } finally {
      await restored.close();
    }
  });

  it("refuses while the shop (or any process) has the data folder open, and says so", async () => {
    const running = await openDatabase({ dataDir: sourceDir });
    try {
      await expect(restoreDump(dump, { dbDir: sourceDir }, { force: true })).rejects.toThrow(DataFolderInUse);
      const backup = runTool("db-backup.ts", [path.join(dir, "while-running.sql")], {
        DATA_DIR: path.dirname(sourceDir),
      });
      expect(backup.code).toBe(1);
      expect(backup.output).toContain(`in use by process ${process.pid}`);
      expect(backup.output).toContain("Stop that process first");
      expect(() => statSync(path.join(dir, "while-running.sql"))).toThrow();
    } finally {
      await running.close();
    }
  });

  it("the commands write a private file and restore it; a cut-off file is refused", async () => {
    const file = path.join(dir, "cli", "shop.sql.gz");
    const dataDir = path.dirname(sourceDir);
    const backup = runTool("db-backup.ts", [file], { DATA_DIR: dataDir });
    expect(backup.output).toContain(`${expected.orders.length} orders`);
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restore = runTool("db-restore.ts", [file], { DATA_DIR: path.join(dir, "cli-target") });
    expect(restore.output).toContain(`${expected.orders.length} orders`);
    expect(restore.code).toBe(0);

    const cut = path.join(dir, "cut.sql");
    const text = readDumpFile(file);
    writeFileSync(cut, text.slice(0, text.length / 2));
    expect(() => readDumpFile(cut)).toThrow(/incomplete/);
    const refused = runTool("db-restore.ts", [cut], { DATA_DIR: path.join(dir, "cut-target") });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("incomplete");
  });

  it("points to pg_dump when the shop runs on PostgreSQL", () => {
    const result = runTool("db-backup.ts", [], {
      DATABASE_URL: "postgres://shop:secret@db.example:5432/shop",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("pg_dump");
    expect(result.output).not.toContain("secret");
  });

  describeOnPostgres("moving to a PostgreSQL server", () => {
    it("restores into an empty PostgreSQL database with every order, then the shop migrates and runs on it", async () => {
      const name = `shop_restore_${process.pid}`;
      const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = withDatabase(postgresUrl!, name);
      try {
        const summary = await restoreDump(dump, { url });
        expect(summary.orders).toBe(expected.orders.length);
        const restored = await openDatabase({ url });
        try {
          expect(await snapshot(restored.db)).toEqual(expected);
          await restored.migrate();
          await createOrder(restored.db, { paymentStatus: "paid", totalCents: 700 });
          expect((await snapshot(restored.db)).stats?.revenue).toBe((expected.stats?.revenue ?? 0) + 700);
          // While the shop is connected, even a forced restore is refused.
          await expect(restoreDump(dump, { url }, { force: true })).rejects.toThrow(/other connection/);
        } finally {
          await restored.close();
        }
        await expect(restoreDump(dump, { url })).rejects.toThrow(/not empty/);
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
});

describe("dump files", () => {
  it("round-trip plain and gzip, owner-only", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-dump-file-"));
    try {
      const text = "--\n-- PostgreSQL database dump\n--\nselect 1;\n-- PostgreSQL database dump complete\n";
      for (const name of ["a.sql", "a.sql.gz"]) {
        const file = path.join(dir, name);
        writeDumpFile(file, text);
        expect(readDumpFile(file)).toBe(text);
        expect(statSync(file).mode & 0o777).toBe(0o600);
      }
      expect(readFileSync(path.join(dir, "a.sql.gz"))[0]).toBe(0x1f);
      writeFileSync(path.join(dir, "notes.txt"), "hello");
      expect(() => readDumpFile(path.join(dir, "notes.txt"))).toThrow(/not a database dump/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
