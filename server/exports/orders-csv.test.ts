import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems } from "../db/schema/index.ts";
import { csvResponse, streamCsv } from "./csv-stream.ts";
import { ORDER_CSV_HEADER, orderCsvExport } from "./orders-csv.ts";

let database: TestDatabase;
const BULK = 3000;

beforeAll(async () => {
  database = await createTestDatabase();
  // A few thousand paid orders (one second apart, some at the same instant to test the id
  // tie-break), and unpaid ones the export must skip.
  await database.db.execute(sql`
    insert into orders (payment_status, name, email, subtotal_cents, total_cents, coupon_code, created_at, paid_at)
    select 'paid', 'Bulk Buyer ' || i, 'bulk' || i || '@example.com', 5000, 4500,
           case when i % 100 = 0 then 'SAVE5' end,
           timestamptz '2025-01-01' + (i / 2) * interval '1 second', timestamptz '2025-01-01' + i * interval '1 second'
    from generate_series(1, ${BULK}) as i`);
  await database.db.execute(sql`
    insert into orders (payment_status, name, email, subtotal_cents, total_cents)
    select 'unpaid', 'Unpaid ' || i, 'unpaid' || i || '@example.com', 100, 100 from generate_series(1, 50) as i`);
  const tricky = await createOrder(database.db, {
    paymentStatus: "paid",
    name: '=HYPERLINK("http://evil.example")',
    email: "tricky@example.com",
    phone: "+1 555 0100",
    shippingAddress: {
      line1: '12 "Quoted", Street',
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      country: "US",
    },
    subtotalCents: 12345,
    couponDiscountCents: 1000,
    shippingCents: 599,
    totalCents: 11944,
    refundedCents: 500,
    createdAt: new Date("2026-01-01T00:00:00Z"),
  });
  await database.db.insert(orderItems).values([
    {
      orderId: tricky.id,
      name: "Shilajit Resin",
      weight: "30g",
      sku: "SR-30",
      unitPriceCents: 5000,
      quantity: 2,
      lineTotalCents: 10000,
    },
    { orderId: tricky.id, name: "Gift Card", unitPriceCents: 2345, quantity: 1, lineTotalCents: 2345 },
  ]);
});
afterAll(() => database?.destroy());

/** The export with its database reads counted. */
function countedExport(options: Parameters<typeof orderCsvExport>[1]) {
  const source = orderCsvExport(database.db, options);
  const counter = { reads: 0 };
  const readBatch: typeof source.readBatch = (cursor) => {
    counter.reads++;
    return source.readBatch(cursor);
  };
  return { source: { ...source, readBatch }, counter };
}

async function download(options: Parameters<typeof orderCsvExport>[1]) {
  const { source, counter } = countedExport(options);
  const text = await csvResponse(streamCsv(source), "orders").text();
  return {
    text,
    reads: counter.reads,
    records: text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(0, -1),
  };
}

describe("order CSV export", () => {
  it("streams every paid order, newest first, in keyset batches", async () => {
    const { records, reads } = await download({ batchSize: 500 });
    expect(records[0]).toBe(ORDER_CSV_HEADER.join(","));
    const rows = records.slice(1);
    expect(rows).toHaveLength(BULK + 1);
    expect(rows[0]).toContain("tricky@example.com");
    expect(rows.at(-1)).toContain("bulk1@example.com");
    // Every order exactly once (ties on created_at are broken by id, so none is skipped or repeated).
    const ids = rows.map((r) => r.split(",")[0]);
    expect(new Set(ids).size).toBe(BULK + 1);
    expect(rows.some((r) => r.includes("Unpaid"))).toBe(false);
    // 3001 rows in batches of 500: seven reads, the last one short.
    expect(reads).toBe(7);
  });

  it("keeps the admin's search", async () => {
    const { records } = await download({ search: "save5" });
    expect(records.slice(1)).toHaveLength(BULK / 100);
    expect(records.slice(1).every((r) => r.includes(",SAVE5,"))).toBe(true);
  });

  it("quotes per RFC 4180, defuses formulas and writes dollars (tax and refunded too) and the items summary", async () => {
    const { records } = await download({ search: "tricky@" });
    expect(records).toHaveLength(2);
    const row = records[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(",'+1 555 0100,");
    expect(row).toContain(`,"12 ""Quoted"", Street",`);
    // …, coupon discount, shipping, tax, total, refunded, items.
    expect(row).toContain(",123.45,0.00,0.00,10.00,5.99,0.00,119.44,5.00,");
    // Quoted: `;` is the list separator of many locales' spreadsheets.
    // …, items, then carrier and tracking number (none yet).
    expect(row.endsWith(',"Gift Card × 1; Shilajit Resin 30g × 2 (SR-30)",,')).toBe(true);
    expect(row).toContain(",2026-01-01T00:00:00.000Z,");
  });

  it("stops reading the database when the download is cancelled", async () => {
    const { source, counter } = countedExport({ batchSize: 100 });
    const reader = streamCsv(source).getReader();
    await reader.read(); // header
    await reader.read(); // first batch
    await reader.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(counter.reads).toBe(1);
  });

  it("answers as a dated attachment that is never cached", () => {
    const response = csvResponse(new ReadableStream(), "orders", new Date("2026-11-25T10:00:00Z"));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders-2026-11-25.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });
});
