/**
 * The admin products list figure of `npm run bench:catalog` (BENCH_PAGES=admin runs only this
 * and skips the HTTP pages): listAdminProductPage (server/catalog/admin-product-list.ts) called
 * directly on the seeded catalog, one query at a time, for each filter and sort the screen offers
 * and a page deep in the list. Before timing, a share of the products become drafts (5%) and
 * archived (2%) and some variants track stock, so the filters have something to find; everything
 * is put back afterwards (the storefront rows that follow measure the catalog as seeded).
 */
import { sql } from "drizzle-orm";
import {
  encodeCursor,
  listAdminProductPage,
  readAdminProductListQuery,
} from "../server/catalog/admin-product-list.ts";
import type { Db } from "../server/db/client.ts";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function prepare(db: Db) {
  await db.execute(sql`update products set status = case
    when abs(hashtext(id::text)) % 100 < 5 then 'draft'::product_status
    when abs(hashtext(id::text)) % 100 < 7 then 'archived'::product_status
    else 'active'::product_status end`);
  // A tenth of the variants track stock: some low (3), some plenty (500).
  await db.execute(sql`update product_variants set stock_quantity = case
    when abs(hashtext(id::text)) % 100 < 3 then 3 when abs(hashtext(id::text)) % 100 < 10 then 500 end`);
  // Every row was rewritten: vacuum as autovacuum soon would (counts read the visibility map).
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
}

async function restore(db: Db) {
  await db.execute(sql`update products set status = 'active' where status <> 'active'`);
  await db.execute(sql`update product_variants set stock_quantity = null where stock_quantity is not null`);
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
}

/** A cursor half-way down the newest-first list (what clicking Next a thousand times reaches). */
async function middleCursor(db: Db): Promise<string> {
  const rows = await db.execute<{ id: string; k: string }>(
    sql`select id, created_at::text as k from products order by created_at desc, id desc
      offset (select count(*) / 2 from products) limit 1`,
  );
  const row =
    (rows as unknown as { rows?: { id: string; k: string }[] }).rows?.[0] ??
    (rows as unknown as { id: string; k: string }[])[0]!;
  return encodeCursor({ k: row.k, id: row.id });
}

export async function benchAdminProductList(db: Db, rounds = 30) {
  await prepare(db);
  try {
    const collection = await db.execute<{ id: string }>(sql`select id from collections limit 1`);
    const collectionId =
      (collection as unknown as { rows?: { id: string }[] }).rows?.[0]?.id ??
      (collection as unknown as { id: string }[])[0]?.id ??
      "";
    const queries: [string, string][] = [
      ["newest, first page", ""],
      ["newest, middle page", `after=${await middleCursor(db)}`],
      ["name A-Z", "sort=name"],
      ["price high-low", "sort=price-desc"],
      ["search name", "q=gold"],
      ["search SKU part", "q=-30G"],
      ["search rare", "q=No. 77777"],
      ["status draft", "status=draft&sort=name"],
      ["status archived, price", "status=archived&sort=price-asc"],
      ["stock low", "stock=low"],
      ["stock out", "stock=out"],
      ["collection", `collection=${collectionId}`],
      ["draft + low + search", "status=draft&stock=low&q=resin"],
    ];
    console.log("admin products list (direct)   rows   total  p50 ms  p95 ms  max ms");
    for (const [name, query] of queries) {
      const params = readAdminProductListQuery(new URLSearchParams(query));
      const first = await listAdminProductPage(db, params);
      const latencies: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        await listAdminProductPage(db, params);
        latencies.push(performance.now() - t);
      }
      latencies.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(30)} ${String(first.rows.length).padStart(5)} ${String(first.total).padStart(7)}` +
          `${percentile(latencies, 50).toFixed(1).padStart(8)}${percentile(latencies, 95).toFixed(1).padStart(8)}` +
          `${(latencies.at(-1) ?? 0).toFixed(1).padStart(8)}`,
      );
    }
    console.log("");
  } finally {
    await restore(db);
  }
}
