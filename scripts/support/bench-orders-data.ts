/** The bench database of paid orders, shared by bench:orders and bench:export. */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Db } from "../../server/db/client.ts";

/** Drops and creates the database of `url` (its name must be a plain identifier). */
export async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  target.pathname = "/postgres";
  const admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
}

/** Whether the bench database exists and already holds the requested number of paid orders. */
export async function holdsOrders(url: string, total: number) {
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

/**
 * `total` paid orders with one item each (names, emails and coupons from small lists), 5% more
 * unpaid ones, loaded with generate_series in a few statements; the dashboard counters rebuilt once.
 */
export async function loadPaidOrders(db: Db, total: number) {
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

/**
 * What the orders filter needs to find, spread over the loaded orders (idempotent: run again on a
 * reused database, it changes nothing): one in 7 a subscription order, one in 50 refunded in full,
 * one in 33 in part, SKUs on the items (one rare gift SKU in 1 of 1,000 orders), an internal note
 * on 1 in 500. Keyed on the order's id hash, so the same orders every time.
 */
export async function addFilterVariety(db: Db) {
  const [done] = (await db.execute(sql`select exists (select 1 from order_notes) as done`)) as unknown as {
    done: boolean;
  }[];
  if (done?.done) return;
  const started = performance.now();
  await db.execute(sql`alter table orders disable trigger user`);
  await db.execute(sql`alter table order_items disable trigger user`);
  await db.execute(sql`
    update orders set
      purchase_type = case when abs(hashtext(id::text)) % 7 = 0 then 'subscription' else 'one_time' end::purchase_type,
      refunded_cents = case when abs(hashtext(id::text)) % 50 = 1 then total_cents
                            when abs(hashtext(id::text)) % 33 = 2 then 500 else 0 end,
      shipped_at = case when status in ('shipped', 'delivered') then created_at + interval '1 day' end
    where payment_status = 'paid'`);
  await db.execute(sql`
    update order_items set sku = case when abs(hashtext(order_id::text)) % 1000 = 3 then 'PSR-GIFT'
                                      else (array['PSR-30G','PSR-50G','PSR-100G'])[1 + abs(hashtext(order_id::text)) % 3] end`);
  // With the item triggers off, the orders' SKU lists (order_items_keep_lists) are set here.
  await db.execute(sql`
    update orders set skus = array[lower(i.sku)] from order_items i where i.order_id = orders.id`);
  await db.execute(sql`
    insert into order_notes (order_id, author_name, body, created_at)
    select id, 'Bench', 'Customer called, hold until Monday', created_at + interval '1 hour'
    from orders where payment_status = 'paid' and abs(hashtext(id::text)) % 500 = 4`);
  await db.execute(sql`alter table orders enable trigger user`);
  await db.execute(sql`alter table order_items enable trigger user`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  await db.execute(sql`vacuum analyze order_notes`);
  console.log(`filter variety added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The products of the items (the filter by product, migration 0059), one per SKU laid out by
 * `addFilterVariety`, so a common product is on ~1 in 3 orders and the gift on 1 in 1,000.
 * Idempotent: skipped once items have products.
 */
export async function addProducts(db: Db) {
  const [done] = (await db.execute(
    sql`select exists (select 1 from order_items where product_id is not null) as done`,
  )) as unknown as { done: boolean }[];
  if (done?.done) return;
  const started = performance.now();
  await db.execute(sql`
    insert into products (name, slug, price_cents)
    select 'Bench ' || sku, 'bench-' || lower(sku), 4999
    from unnest(array['PSR-30G','PSR-50G','PSR-100G','PSR-GIFT']) as sku
    on conflict (slug) do nothing`);
  await db.execute(sql`alter table order_items disable trigger user`);
  await db.execute(sql`
    update order_items set product_id = p.id from products p where p.slug = 'bench-' || lower(order_items.sku)`);
  // With the item triggers off, the orders' product lists (order_items_keep_lists) are set here.
  await db.execute(sql`
    update orders set product_ids = array[i.product_id] from order_items i
    where i.order_id = orders.id and i.product_id is not null`);
  await db.execute(sql`alter table order_items enable trigger user`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  console.log(`item products added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
