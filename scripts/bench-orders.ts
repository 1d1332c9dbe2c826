/**
 * `npm run bench:orders`: loads 1,000,000 paid orders (with items) into a fresh PostgreSQL database
 * and measures the admin order list and search and the admin dashboard through the same functions
 * the admin pages use (with, for scale, the exact count of paid orders the dashboard no longer runs).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop_bench) is dropped and recreated.
 * BENCH_ORDERS changes the number of orders, BENCH_RUNS the timed runs per query (100).
 * BENCH_REUSE=1 keeps a database that already holds them (new migrations are still applied) and
 * only measures.
 */
import { sql } from "drizzle-orm";
import { getDashboardOverview } from "../server/dashboard/overview.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { listAdminOrders } from "../server/orders/admin-list.ts";
import { parseOrderFilter } from "../server/orders/order-filter.ts";
import {
  addFilterVariety,
  addProducts,
  holdsOrders,
  loadPaidOrders,
  recreateDatabase,
} from "./support/bench-orders-data.ts";
import { ms, percentile, printTable, timeRuns as timeRunsOf } from "./support/bench-timing.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const total = Number(process.env.BENCH_ORDERS ?? 1_000_000);
// 100 timed runs per query: with 30, p95 is the second-worst run, i.e. whichever scheduler stall
// the shared machine happened to have.
const runs = Number(process.env.BENCH_RUNS ?? 100);
const timeRuns = <T>(call: () => Promise<T>) => timeRunsOf(call, runs);

async function main() {
  const reuse = process.env.BENCH_REUSE === "1" && (await holdsOrders(url, total));
  if (!reuse) await recreateDatabase(url);
  const database = await openDatabase({ url, max: 4 });
  await database.migrate();
  const { db } = database;
  if (!reuse) await loadPaidOrders(db, total);
  await addFilterVariety(db);
  await addProducts(db);
  // A migration's backfill leaves each rewritten row dead once; autovacuum clears them in time,
  // the bench does it at once (and sets the visibility map index-only counts rely on).
  await db.execute(sql`vacuum analyze orders`);
  if (process.env.BENCH_ONLY !== "filters") await measure(db);
  await measureFilters(db);
  await database.close();
}

async function measure(db: Db) {
  const first = await listAdminOrders(db, { page: 1 });
  const pages = first.pageCount;
  const middle = Math.floor(pages / 2);
  const typed = await listAdminOrders(db, { page: middle });
  const last = await listAdminOrders(db, { page: pages });
  const sample = (await listAdminOrders(db, { page: Math.floor(pages / 3) })).orders[0]!;
  const coupon = await listAdminOrders(db, { search: "joe20" });
  const n = (page: number) => page.toLocaleString("en-US");
  // Pages as the admin reaches them: the pagination's links (first, last, previous/next with the
  // cursor of the page shown), plus a page number typed into the URL (read with OFFSET).
  const cases: [string, Parameters<typeof listAdminOrders>[1]][] = [
    ["first page", { page: 1 }],
    ["page 2 (next link)", { page: 2, after: first.cursors.next }],
    [`middle page ${n(middle + 1)} (next link)`, { page: middle + 1, after: typed.cursors.next }],
    [`middle page ${n(middle - 1)} (previous link)`, { page: middle - 1, before: typed.cursors.previous }],
    [`last page (${n(pages)})`, { page: pages }],
    [
      `page ${n(pages - 1)} (previous link from the last)`,
      { page: pages - 1, before: last.cursors.previous },
    ],
    [`page ${n(Math.floor(pages / 4))} typed in the URL`, { page: Math.floor(pages / 4) }],
    [`page ${n(middle)} typed in the URL`, { page: middle }],
    ["search exact email", { search: sample.email ?? "" }],
    ["search order id prefix", { search: sample.id.slice(0, 8) }],
    ["search name 'maya smith'", { search: "maya smith" }],
    ["search email part 'priya.lee12'", { search: "priya.lee12" }],
    ["search coupon 'joe20'", { search: "joe20" }],
    ["search coupon 'joe20', page 2 (next link)", { search: "joe20", page: 2, after: coupon.cursors.next }],
    ["search name 'maya'", { search: "maya" }],
    ["search no match 'zzqx'", { search: "zzqx" }],
  ];

  const rows: string[][] = [];
  for (const [label, options] of cases) {
    const { times, result } = await timeRuns(() => listAdminOrders(db, options));
    const matches = `${result.totalIsEstimate ? "about " : ""}${result.total.toLocaleString("en-US")}`;
    rows.push([label, matches, ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  printTable(["query", "matching orders", "p50", "p95"], rows);

  const dashboard = await timeRuns(() => getDashboardOverview(db));
  const exactCount = await timeRuns(() =>
    db.execute(sql`select count(*) from orders where payment_status = 'paid'`),
  );
  console.log();
  printTable(
    ["admin dashboard", "Total Orders", "p50", "p95"],
    [
      [
        "whole dashboard (all its queries)",
        dashboard.result.totals.orders.toLocaleString("en-US"),
        ms(percentile(dashboard.times, 50)),
        ms(percentile(dashboard.times, 95)),
      ],
      [
        "for scale: exact count(*) of paid orders",
        "",
        ms(percentile(exactCount.times, 50)),
        ms(percentile(exactCount.times, 95)),
      ],
    ],
  );
}

/**
 * The orders filter (server/orders/order-filter.ts): each field alone, then combinations, as the
 * URL of /admin/orders carries them; first page, and the next page through its link.
 */
async function measureFilters(db: Db) {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const product = await benchProductIds(db);
  const queries = [
    "status=pending",
    "status=cancelled",
    "status=pending,processing",
    "fulfilment=unfulfilled",
    "fulfilment=delivered",
    "payment=paid",
    "payment=refunded",
    "payment=partially_refunded",
    `from=${day(7)}`,
    `from=${day(100)}&to=${day(100)}`,
    "sku=PSR-30G",
    "sku=PSR-GIFT",
    `product=${product.common}`,
    `product=${product.rare}`,
    "coupon=JOE20",
    "type=subscription",
    "note=yes",
    "note=no",
    "sort=oldest",
    "fulfilment=unfulfilled&type=subscription&coupon=JOE20",
    "status=shipped&payment=partially_refunded",
    `status=delivered&payment=refunded&from=${day(200)}&to=${day(30)}`,
    "sku=PSR-GIFT&status=delivered",
    "note=yes&fulfilment=unfulfilled",
    "note=yes&type=subscription&payment=refunded",
    "coupon=SAVE5&sort=oldest",
    "q=maya&status=shipped",
    "q=maya&note=yes",
    `from=${day(60)}&to=${day(30)}&sku=PSR-100G&type=subscription`,
    "sku=PSR-GIFT&coupon=WELCOME10&fulfilment=shipped&note=no",
    "payment=refunded&sort=oldest&type=one_time",
    "status=cancelled&sku=PSR-GIFT&note=yes",
    `product=${product.common}&fulfilment=unfulfilled&from=${day(30)}`,
    `product=${product.rare}&type=subscription`,
  ];
  const rows: string[][] = [];
  for (const query of queries) {
    const { filter } = parseOrderFilter(new URLSearchParams(query));
    const first = await timeRuns(() => listAdminOrders(db, { filter }));
    const next = first.result.cursors.next;
    const second = next
      ? await timeRuns(() => listAdminOrders(db, { filter, page: 2, after: next }))
      : first.result.pageCount > 1
        ? await timeRuns(() => listAdminOrders(db, { filter, page: 2 }))
        : null;
    const matches = `${first.result.totalIsEstimate ? "about " : ""}${first.result.total.toLocaleString("en-US")}`;
    rows.push([
      query.replace(product.common, "{PSR-30G product}").replace(product.rare, "{PSR-GIFT product}"),
      matches,
      ms(percentile(first.times, 50)),
      ms(percentile(first.times, 95)),
      second ? ms(percentile(second.times, 95)) : "—",
    ]);
  }
  console.log();
  printTable(["filter (URL of /admin/orders)", "matching orders", "p50", "p95", "page 2 p95"], rows);
}

/** The ids of the bench's products for the 30 g SKU (1 in 3 orders) and the gift (1 in 1,000). */
async function benchProductIds(db: Db): Promise<{ common: string; rare: string }> {
  const rows = (await db.execute(
    sql`select slug, id from products where slug in ('bench-psr-30g', 'bench-psr-gift')`,
  )) as unknown as { slug: string; id: string }[];
  const id = (slug: string) => rows.find((row) => row.slug === slug)?.id ?? "";
  return { common: id("bench-psr-30g"), rare: id("bench-psr-gift") };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
