/**
 * `npm run bench:ship-csv` (issue 35 item 3, "1,000 orders shipped from a CSV in under a minute"):
 * loads 1,000 paid, processing orders into a fresh PostgreSQL database and ships all of them from
 * one tracking CSV through the functions the admin's bulk ship uses (app/routes/admin/bulk-ship.ts):
 * the preview, the saved request, Apply, and the run the background job does above
 * INLINE_BULK_ORDERS (each order as a person would ship it, its email rendered into the outbox).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop_bench_ship) is dropped and
 * recreated; BENCH_ORDERS changes the number of orders.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { trackingCsvRows } from "../core/orders/bulk-orders.ts";
import { applyPreviewed, createBulkRequest } from "../server/bulk-orders/requests.ts";
import { runBulkRequest } from "../server/bulk-orders/run.ts";
import { previewShipments } from "../server/bulk-orders/tracking-preview.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { mailOutbox, orders } from "../server/db/schema/index.ts";
import { createLogger } from "../server/logger.ts";
import { createMailer } from "../server/mail/mailer.ts";
import { recreateDatabase } from "./support/bench-orders-data.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_ship";
const total = Number(process.env.BENCH_ORDERS ?? 1_000);

async function main() {
  await recreateDatabase(url);
  const database = await openDatabase({ url, max: 4 });
  await database.migrate();
  const { db } = database;
  const ids = await loadProcessingOrders(db, total);
  const csv = await trackingCsv(db, ids);
  const log = createLogger("silent");
  const mailer = createMailer({ db, log, from: "Shop <shop@example.com>" });

  const started = performance.now();
  const rows = await previewShipments(db, trackingCsvRows(csv), null);
  const valid = rows.filter((r) => !r.error && r.orderId && r.shipment);
  const { request } = await createBulkRequest(db, {
    key: `bench-ship-${Date.now()}`,
    kind: "ship",
    actorId: null,
    state: "previewed",
    items: valid.map((r) => ({ orderId: r.orderId as string, position: r.line, shipment: r.shipment })),
  });
  const previewed = performance.now();
  const applied = await applyPreviewed(db, request.id);
  if (applied?.state !== "queued") throw new Error("the request was not queued");
  await runBulkRequest({ db, mailer, log }, request.id);
  const ran = performance.now();
  await mailer.idle();
  const finished = performance.now();

  const shipped = await countOf(db, and(inArray(orders.id, ids), eq(orders.status, "shipped")));
  const [emails] = await db.select({ n: count() }).from(mailOutbox);
  const s = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `| orders in the CSV | shipped | emails in the outbox | preview | apply + run | mail rendered | total |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  console.log(
    `| ${rows.length.toLocaleString("en-US")} | ${shipped.toLocaleString("en-US")} | ${(emails?.n ?? 0).toLocaleString("en-US")} | ${s(started, previewed)} | ${s(previewed, ran)} | ${s(ran, finished)} | ${s(started, finished)} |`,
  );
  await database.close();
}

/**
 * `n` paid orders waiting to be shipped, one item each, numbered as payment numbers them (triggers
 * on: the counters stay exact).
 */
async function loadProcessingOrders(db: Db, n: number): Promise<string[]> {
  const rows = (await db.execute(sql`
    insert into orders (payment_status, status, number, name, email, subtotal_cents, total_cents, paid_at, created_at)
    select 'paid', 'processing', nextval('order_number_seq'), 'Bench Buyer ' || i, 'ship' || i || '@example.com', 4999, 4999,
           now() - i * interval '1 minute', now() - i * interval '1 minute'
    from generate_series(1, ${n}) as i
    returning id`)) as unknown as { id: string }[];
  const ids = rows.map((r) => r.id);
  await db.execute(sql`
    insert into order_items (order_id, name, weight, sku, unit_price_cents, quantity, line_total_cents)
    select id, 'Pure Himalayan Shilajit Resin', '30g', 'PSR-30G', 4999, 1, 4999
    from ${orders} where ${inArray(orders.id, ids)}`);
  return ids;
}

/** The file an admin would upload: header, then order number, carrier, tracking number. */
async function trackingCsv(db: Db, ids: string[]): Promise<string> {
  const rows = await db.select({ number: orders.number }).from(orders).where(inArray(orders.id, ids));
  const carriers = ["UPS", "USPS", "FedEx", "DHL"];
  const lines = rows.map(
    (r, i) => `${r.number},${carriers[i % 4]},${tracking(carriers[i % 4]!, r.number ?? i)}`,
  );
  return ["Order number,Carrier,Tracking number", ...lines].join("\r\n");
}

/** A tracking number each carrier's format accepts. */
function tracking(carrier: string, n: number): string {
  const digits = String(n).padStart(8, "0");
  if (carrier === "UPS") return `1Z999AA1${digits}`;
  if (carrier === "USPS") return `94001118992238${digits}`;
  if (carrier === "FedEx") return `1234${digits}`;
  return `12${digits}`;
}

async function countOf(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
