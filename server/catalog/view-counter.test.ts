import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { productViews } from "../db/schema/index.ts";
import { findProductById } from "./products.ts";
import { ProductViewCounter } from "./view-counter.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const quiet = { warn: () => {} };
const stored = async (id: string) => (await findProductById(database.db, id))!.viewCount;
const shown = async (counter: ProductViewCounter, id: string) => {
  const { result, unflushed } = await counter.readCounted(() => findProductById(database.db, id));
  return result!.viewCount + unflushed(id);
};

describe("batched product views", () => {
  it("writes nothing per view, everything at the flush: a row per view and the count", async () => {
    const product = await createProduct(database.db, { viewCount: 5 });
    const counter = new ProductViewCounter(database.db, quiet);
    for (let i = 0; i < 3; i++) counter.record(product.id);
    expect(await stored(product.id)).toBe(5);
    expect(await shown(counter, product.id)).toBe(8);
    await counter.flush();
    expect(await stored(product.id)).toBe(8);
    expect(await shown(counter, product.id)).toBe(8);
    const rows = await database.db.select().from(productViews).where(eq(productViews.productId, product.id));
    expect(rows).toHaveLength(3);
  });

  it("shows the exact count while a flush is writing", async () => {
    const product = await createProduct(database.db);
    const counter = new ProductViewCounter(database.db, quiet);
    for (let round = 1; round <= 20; round++) {
      counter.record(product.id);
      const flushing = counter.flush();
      counter.record(product.id);
      expect(await shown(counter, product.id)).toBe(round * 2);
      await flushing;
    }
    await counter.stop();
    expect(await stored(product.id)).toBe(40);
  });

  it("counts right when a flush starts, or starts and ends, while the page reads the product", async () => {
    const product = await createProduct(database.db);
    const counter = new ProductViewCounter(database.db, quiet);
    const readWhile = async (during: () => Promise<void>) => {
      let reads = 0;
      const { result, unflushed } = await counter.readCounted(async () => {
        reads++;
        const row = await findProductById(database.db, product.id);
        await during();
        return row;
      });
      return { count: result!.viewCount + unflushed(product.id), reads };
    };
    counter.record(product.id);
    // Started, still writing when the read returns: its views are added from memory.
    let flushing: Promise<void> = Promise.resolve();
    expect(
      await readWhile(async () => {
        flushing = counter.flush();
      }),
    ).toEqual({ count: 1, reads: 1 });
    await flushing;
    counter.record(product.id);
    // Started and committed during the read: the read is repeated.
    expect(await readWhile(() => counter.flush())).toEqual({ count: 2, reads: 2 });
    expect(await stored(product.id)).toBe(2);
  });

  it("keeps the views when the database refuses them, and writes them later", async () => {
    const product = await createProduct(database.db);
    const counter = new ProductViewCounter(database.db, quiet);
    counter.record(product.id);
    counter.record(product.id);
    await database.db.execute(sql`alter table product_views rename to product_views_away`);
    try {
      await counter.flush();
      expect(await stored(product.id)).toBe(0);
    } finally {
      await database.db.execute(sql`alter table product_views_away rename to product_views`);
    }
    expect(await shown(counter, product.id)).toBe(2);
    await counter.flush();
    expect(await stored(product.id)).toBe(2);
  });

  it("skips a product deleted before the flush without losing the others", async () => {
    const kept = await createProduct(database.db);
    const deleted = await createProduct(database.db);
    const counter = new ProductViewCounter(database.db, quiet);
    counter.record(kept.id);
    counter.record(deleted.id);
    await database.db.execute(sql`delete from products where id = ${deleted.id}`);
    await counter.flush();
    expect(await stored(kept.id)).toBe(1);
  });
});
