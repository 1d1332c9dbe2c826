/**
 * `npm run bench:export`: loads 1,000,000 paid orders (with items) into a fresh PostgreSQL database
 * (generate_series, the same data as bench:orders) and streams the admin order CSV export through
 * the functions the download route uses, measuring the time and the process's peak resident memory,
 * to show that memory stays flat however many orders there are (docs/performance.md).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop_bench_export) is dropped and
 * recreated; BENCH_ORDERS changes the number of orders; BENCH_REUSE=1 keeps a database that
 * already holds them.
 */
import { openDatabase } from "../server/db/client.ts";
import { streamCsv } from "../server/exports/csv-stream.ts";
import { orderCsvExport } from "../server/exports/orders-csv.ts";
import { holdsOrders, loadPaidOrders, recreateDatabase } from "./support/bench-orders-data.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_export";
const total = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MB = 1024 * 1024;

async function main() {
  const reuse = process.env.BENCH_REUSE === "1" && (await holdsOrders(url, total));
  if (!reuse) await recreateDatabase(url);
  const database = await openDatabase({ url, max: 4 });
  await database.migrate();
  if (!reuse) await loadPaidOrders(database.db, total);
  global.gc?.();
  const rows = [
    await measure("all paid orders", () => streamCsv(orderCsvExport(database.db))),
    await measure("search 'joe20' (coupon)", () =>
      streamCsv(orderCsvExport(database.db, { search: "joe20" })),
    ),
  ];
  console.log(`| export | rows | size | time | rows/s | RSS before | peak RSS |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  await database.close();
}

/** Reads the whole stream as a client would, sampling RSS every 50 ms. */
async function measure(label: string, open: () => ReadableStream<Uint8Array>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = open().getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    for (const byte of read.value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const records = lines - 1; // the header
  return [
    label,
    records.toLocaleString("en-US"),
    `${(bytes / MB).toFixed(0)} MB`,
    `${seconds.toFixed(1)} s`,
    Math.round(records / seconds).toLocaleString("en-US"),
    `${(before / MB).toFixed(0)} MB`,
    `${(peak / MB).toFixed(0)} MB`,
  ];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
