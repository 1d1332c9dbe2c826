import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import { addToCart, priceCart } from "../../server/cart/cart.ts";
import { findProductBySlug } from "../../server/catalog/products.ts";
import { type Db, migrationsFolder, pgliteExtensions } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";

/**
 * Migration 0018 (options and variants) on a database that already holds products, carts,
 * orders and subscriptions made before it: each product gets one variant, and everything that
 * pointed at a product + weight points at that variant and reads the same.
 */

const VARIANTS_MIGRATION = "0018_variants";
let client: PGlite;
let db: Db;
let before: string;

/** A copy of the migrations folder whose journal stops just before the variants migration. */
function migrationsBeforeVariants(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === VARIANTS_MIGRATION);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const ids = {
  user: "user-before-variants",
  resin: "00000000-0000-4000-8000-000000000001",
  drops: "00000000-0000-4000-8000-000000000002",
  gone: "00000000-0000-4000-8000-000000000003",
  cart: "00000000-0000-4000-8000-000000000010",
  order: "00000000-0000-4000-8000-000000000020",
  subscription: "00000000-0000-4000-8000-000000000030",
};

/** The shop as it was: raw SQL against the old tables (the Drizzle schema is the new one). */
async function seedOldShop() {
  await client.exec(`
    insert into "user" (id, name, email) values ('${ids.user}', 'Ada', 'ada@example.com');
    insert into products (id, name, slug, price_cents, weight_type, sold_out)
      values ('${ids.resin}', 'Gold Resin', 'gold-resin', 5999, '30g', false),
             ('${ids.drops}', 'Drops', 'drops', 3999, '30ml', true);
    insert into carts (id, user_id) values ('${ids.cart}', '${ids.user}');
    -- The resin's weight was changed once: the cart holds it under both weights (98 + 3 > 99).
    insert into cart_lines (cart_id, product_id, product_name, weight, quantity, created_at)
      values ('${ids.cart}', '${ids.resin}', 'Gold Resin', '30g', 98, now() - interval '2 days'),
             ('${ids.cart}', '${ids.resin}', 'Gold Resin', '30ml', 3, now() - interval '1 day'),
             ('${ids.cart}', '${ids.drops}', 'Drops', '30ml', 1, now()),
             ('${ids.cart}', null, 'Discontinued Tea', '30g', 2, now() + interval '1 second');
    insert into orders (id, user_id, payment_status, subtotal_cents, total_cents, paid_at)
      values ('${ids.order}', '${ids.user}', 'paid', 11998, 11998, now());
    insert into order_items (order_id, product_id, name, weight, unit_price_cents, quantity, line_total_cents)
      values ('${ids.order}', '${ids.resin}', 'Gold Resin', '30g', 5999, 2, 11998),
             ('${ids.order}', null, 'Discontinued Tea', '30g', 1000, 1, 1000);
    insert into subscriptions (id, user_id, provider, status, items, monthly_total_cents, discount_basis_points)
      values ('${ids.subscription}', '${ids.user}', 'sandbox', 'active',
        '[{"productId":"${ids.resin}","name":"Gold Resin","weight":"30g","unitPriceCents":5999,"quantity":2,"imageUrl":null},
          {"productId":"${ids.gone}","name":"Old Tea","weight":"30g","unitPriceCents":1000,"quantity":1,"imageUrl":null}]',
        11049, 1500);
  `);
}

beforeAll(async () => {
  client = await PGlite.create({ extensions: pgliteExtensions });
  db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  before = migrationsBeforeVariants();
  await migrate(db as never, { migrationsFolder: before });
  await seedOldShop();
  await migrate(db as never, { migrationsFolder });
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("migration 0018 on a shop with data", () => {
  it("gives every product one Size option and one variant with its weight, price and sold-out flag", async () => {
    const resin = await findProductBySlug(db, "gold-resin");
    expect(resin).toMatchObject({ priceCents: 5999, priceMaxCents: 5999, soldOut: false });
    expect(resin!.options).toEqual([{ name: "Size", values: ["30g"] }]);
    expect(resin!.variants).toMatchObject([
      { sku: "GOLD-RESIN-30G", title: "30g", optionValues: ["30g"], priceCents: 5999, soldOut: false },
    ]);
    const drops = await findProductBySlug(db, "drops");
    expect(drops!.variants).toMatchObject([{ sku: "DROPS-30ML", title: "30ml", soldOut: true }]);
  });

  it("keeps the cart: one line per variant (lines of one product merged, at most 99), deleted lines flagged", async () => {
    const cart = await priceCart(db, ids.cart);
    expect(cart.lines.map((l) => [l.name, l.weight, l.quantity, l.status])).toEqual([
      ["Gold Resin", "30g", 99, "available"],
      ["Drops", "30ml", 1, "sold_out"],
      ["Discontinued Tea", "30g", 2, "deleted"],
    ]);
    expect(cart.subtotalCents).toBe(99 * 5999);
    // The cart keeps working: adding the same product lowers nothing and breaks no constraint.
    await client.exec(`update cart_lines set quantity = 1 where product_id = '${ids.resin}'`);
    await addToCart(db, ids.cart, ids.resin, 2);
    expect((await priceCart(db, ids.cart)).lines[0]).toMatchObject({ quantity: 3, sku: "GOLD-RESIN-30G" });
  });

  it("points past order lines at the variant and keeps their snapshot", async () => {
    const items = await db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, ids.order))
      .orderBy(schema.orderItems.name);
    expect(items.map((i) => [i.name, i.weight, i.sku, i.unitPriceCents, i.variantId !== null])).toEqual([
      ["Discontinued Tea", "30g", null, 1000, false],
      ["Gold Resin", "30g", "GOLD-RESIN-30G", 5999, true],
    ]);
  });

  it("adds the variant to subscription items, leaves unknown products as they were, and renews at the same price", async () => {
    const [subscription] = await db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, ids.subscription));
    const [variant] = await db
      .select()
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, ids.resin));
    expect(subscription!.items).toEqual([
      {
        productId: ids.resin,
        variantId: variant!.id,
        sku: "GOLD-RESIN-30G",
        name: "Gold Resin",
        weight: "30g",
        unitPriceCents: 5999,
        quantity: 2,
        imageUrl: null,
      },
      {
        productId: ids.gone,
        name: "Old Tea",
        weight: "30g",
        unitPriceCents: 1000,
        quantity: 1,
        imageUrl: null,
      },
    ]);
    expect(renewalPrice(subscription!).totalCents).toBe(
      renewalPrice({
        ...subscription!,
        items: subscription!.items.map(({ variantId: _v, sku: _s, ...old }) => old),
      }).totalCents,
    );
  });

  it("lets search find the old products by their tags", async () => {
    await client.exec(`update products set tags = '{himalayan}' where id = '${ids.resin}'`);
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from products where search_vector @@ to_tsquery('english', 'himalayan')",
    );
    expect(rows[0]!.n).toBe(1);
  });
});
