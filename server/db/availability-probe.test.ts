import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestDatabase,
  describeOnPostgres,
  postgresUrl,
  type TestDatabase,
} from "../../tests/support/database.ts";
import { type Database, openDatabase } from "./client.ts";

/**
 * The availability probe (DatabaseAvailability's ping) must not queue behind the pool: in a flash
 * sale every pooled connection waited on one stock row, the probe timed out behind them and the
 * instance answered 503 to everyone (docs/performance.md, flash sale).
 */
describeOnPostgres("the database availability probe", () => {
  let created: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    created = await createTestDatabase();
    database = await openDatabase({ url: created.url ?? postgresUrl, max: 2 });
  });
  afterAll(async () => {
    await database.close();
    await created.destroy();
  });

  it("answers while every pooled connection is busy", async () => {
    // Drizzle runs a query when it is awaited: Promise.resolve starts both now.
    const busy = [1, 2].map(() => Promise.resolve(database.db.execute(sql`select pg_sleep(3)`)));
    // Both pooled connections are taken once PostgreSQL shows the two sleeps running.
    await expect
      .poll(async () => {
        const rows = await created.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(3)%' and state = 'active'`,
        );
        return Number((rows as unknown as { n: number }[])[0]?.n);
      })
      .toBe(2);
    // Through the pool, the probe could only run once a sleep had ended.
    let aSleepEnded = false;
    void Promise.race(busy).then(() => {
      aSleepEnded = true;
    });
    await database.ping();
    expect(aSleepEnded).toBe(false);
    await Promise.all(busy);
  });
});
