import { count, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { jobRuns, mailOutbox, orderDailyStats } from "../db/schema/index.ts";
import { Collected } from "./registry.ts";

/** A scrape never waits longer than this for the database (it may be the thing that is down). */
const SCRAPE_TIMEOUT_MS = 1000;

type Snapshot = {
  paidOrders: number;
  outbox: { status: string; n: number }[];
  jobs: { name: string; succeededAt: Date | null }[];
  connections: { state: string; n: number }[];
};

async function readSnapshot({ db, kind }: Pick<Database, "db" | "kind">): Promise<Snapshot> {
  const [[paid], outbox, jobs, connections] = await Promise.all([
    // The dashboard's exact running totals (triggers, decision 014): cheap at any size.
    db
      .select({ n: sql<number>`coalesce(sum(${orderDailyStats.orders}), 0)`.mapWith(Number) })
      .from(orderDailyStats),
    db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ["pending", "failed"]))
      .groupBy(mailOutbox.status),
    db.select({ name: jobRuns.name, succeededAt: jobRuns.succeededAt }).from(jobRuns),
    kind === "postgres"
      ? db
          .execute(sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
            where datname = current_database() group by 1`)
          .then((r) => rowsOf<{ state: string; n: number }>(r))
      : Promise.resolve([{ state: "embedded", n: 1 }]),
  ]);
  return { paidOrders: paid?.n ?? 0, outbox, jobs, connections };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The metrics read from the database at scrape time: the same for every instance. When the
 * database does not answer within a second, only shop_database_up 0 is reported.
 */
export async function databaseMetrics(database: Pick<Database, "db" | "kind">): Promise<Collected[]> {
  const started = performance.now();
  const snapshot = await withTimeout(readSnapshot(database), SCRAPE_TIMEOUT_MS).catch(() => null);
  const seconds = (performance.now() - started) / 1000;
  const up = new Collected("shop_database_up", "1 when the database answered this scrape.", "gauge", () => [
    { labels: {}, value: snapshot ? 1 : 0 },
  ]);
  if (!snapshot) return [up];
  return [
    up,
    new Collected(
      "shop_database_scrape_seconds",
      "Time the database took to answer this scrape.",
      "gauge",
      () => [{ labels: {}, value: seconds }],
    ),
    new Collected(
      "shop_database_connections",
      "Connections to the shop's database by state, all instances together (the embedded database has one).",
      "gauge",
      () => snapshot.connections.map(({ state, n }) => ({ labels: { state }, value: Number(n) })),
    ),
    new Collected("shop_orders_paid_total", "Paid orders, all instances together.", "counter", () => [
      { labels: {}, value: snapshot.paidOrders },
    ]),
    new Collected(
      "shop_mail_outbox_messages",
      "Outbox messages waiting for delivery (pending) or given up (failed).",
      "gauge",
      () =>
        ["pending", "failed"].map((status) => ({
          labels: { status },
          value: Number(snapshot.outbox.find((o) => o.status === status)?.n ?? 0),
        })),
    ),
    new Collected(
      "shop_job_last_success_timestamp_seconds",
      "When each background job last finished without an error (any instance), in Unix seconds.",
      "gauge",
      () =>
        snapshot.jobs
          .filter((j) => j.succeededAt)
          .map((j) => ({ labels: { job: j.name }, value: Math.floor(j.succeededAt!.getTime() / 1000) })),
    ),
  ];
}
