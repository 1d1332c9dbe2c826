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
import postgres from "postgres";
import { getDashboardOverview } from "../server/dashboard/overview.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { listAdminOrders } from "../server/orders/admin-list.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const total = Number(process.env.BENCH_ORDERS ?? 1_000_000);
// 100 timed runs per query: with 30, p95 is the second-worst run, i.e. whichever scheduler stall
// the shared machine happened to have.
const runs = Number(process.env.BENCH_RUNS ?? 100);

async function recreateDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  target.pathname = "/postgres";
  const admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
}

async function main() {
  const reuse = process.env.BENCH_REUSE === "1" && (await holdsOrders());
  if (!reuse) await recreateDatabase();
  const database = await openDatabase({ url, max: 4 });
  await database.migrate();
  const { db } = database;
  if (!reuse) await load(db);
  await db.execute(sql`analyze orders`);
  await measure(db);
  await database.close();
}

/** Whether the bench database exists and already holds the requested number of paid orders. */
async function holdsOrders() {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select count(*)::int as n from orders where payment_status = 'paid'`;
    return row?.n === total;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function load(db: Db) {
  const started = performance.now();
  // The dashboard counters are rebuilt once at the end instead of row by row.
  await db.execute(sql`alter table orders disable trigger user`);
  await db.execute(sql`alter table order_items disable trigger user`);
  // Names, emails and coupon codes drawn from small lists, so searches hit realistic numbers of rows.
  await db.execute(sql`
    insert into orders (payment_status, status, name, email, phone, subtotal_cents, total_cents,
                        coupon_code, coupon_discount_cents, paid_at, created_at)
    select 'paid',
           (array['pending','processing','shipped','delivered','cancelled'])[1 + i % 5]::order_status,
           f.first || ' ' || l.last,
           lower(f.first) || '.' || lower(l.last) || i || '@example.com',
           '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
           2000 + (i % 80) * 100,
           2000 + (i % 80) * 100 - case when i % 10 = 0 then 500 else 0 end,
           case when i % 10 = 0 then (array['WELCOME10','SAVE5','SUMMER15','JOE20'])[1 + (i / 10) % 4] end,
           case when i % 10 = 0 then 500 else 0 end,
           now() - i * interval '20 seconds',
           now() - i * interval '20 seconds'
    from generate_series(1, ${total}) as i
    cross join lateral (select (array['James','Maya','Priya','Daniel','Sofia','Liam','Noah','Emma','Olivia','Ava',
                                       'Lucas','Mia','Ethan','Zoe','Aria','Leo','Nora','Ivy','Owen','Ruby'])[1 + i % 20] as first) f
    cross join lateral (select (array['Smith','Johnson','Brown','Garcia','Miller','Davis','Lopez','Wilson','Anderson','Thomas',
                                       'Moore','Martin','Lee','Clark','Lewis','Young','King','Wright','Hill','Scott',
                                       'Green','Baker','Adams','Nelson','Carter','Mitchell','Roberts','Turner','Phillips','Campbell',
                                       'Parker','Evans','Edwards','Collins','Stewart','Morris','Rogers','Reed','Cook','Morgan'])[1 + (i / 20) % 40] as last) l
  `);
  // Checkout creates unpaid orders too; 5% more of them, which every list must skip.
  await db.execute(sql`
    insert into orders (payment_status, name, email, subtotal_cents, total_cents, created_at)
    select 'unpaid', 'Unpaid Buyer', 'unpaid' || i || '@example.com', 5000, 5000, now() - i * interval '3 minutes'
    from generate_series(1, ${Math.floor(total / 20)}) as i
  `);
  await db.execute(sql`
    insert into order_items (order_id, name, weight, unit_price_cents, quantity, line_total_cents)
    select id, 'Pure Himalayan Shilajit Resin', '30g', 4999, 1, 4999 from orders
  `);
  await db.execute(sql`alter table orders enable trigger user`);
  await db.execute(sql`alter table order_items enable trigger user`);
  await db.execute(sql`select rebuild_order_stats()`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  console.log(
    `loaded ${total.toLocaleString("en-US")} paid orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
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

/** One warm-up call, then `runs` timed calls; the times come back sorted. */
async function timeRuns<T>(call: () => Promise<T>) {
  let result = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { times, result };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}

function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
