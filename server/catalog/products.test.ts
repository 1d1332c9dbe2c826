import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { productViews } from "../db/schema/index.ts";
import { productPage } from "./product-list.ts";
import { findProductById, findProductForPage, isHumanVisitor } from "./products.ts";
import { ProductViewCounter } from "./view-counter.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("catalog queries", () => {
  it("lists products ordered by name with their images, main image first", async () => {
    const db = database.db;
    await createProduct(db, { name: "Zeta Resin", imageUrls: ["/uploads/z1.webp", "/uploads/z2.webp"] });
    await createProduct(db, { name: "Alpha Drops", imageUrls: [], imageUrl: null });
    const { products } = await productPage(db, { sort: "name", page: 1, q: "", collection: "", tag: "" });
    const names = products.map((p) => [p.name, p.images]);
    expect(names).toEqual([
      ["Alpha Drops", []],
      ["Zeta Resin", ["/uploads/z1.webp", "/uploads/z2.webp"]],
    ]);
  });

  it("finds a product by slug, or by id with a redirect hint", async () => {
    const db = database.db;
    const product = await createProduct(db, { slug: "findable-resin" });
    expect(await findProductForPage(db, "findable-resin")).toMatchObject({
      byId: false,
      product: { id: product.id, slug: "findable-resin", description: product.description },
    });
    expect(await findProductForPage(db, product.id)).toMatchObject({
      byId: true,
      product: { slug: "findable-resin" },
    });
    expect(await findProductForPage(db, "no-such-product")).toBeNull();
    expect(await findProductForPage(db, crypto.randomUUID())).toBeNull();
    expect(await findProductById(db, "not-a-uuid")).toBeNull();
  });
});

describe("view tracking", () => {
  it("records a view and increments the count without losing concurrent views", async () => {
    const db = database.db;
    const product = await createProduct(db, { viewCount: 10 });
    const counter = new ProductViewCounter(db, console);
    counter.record(product.id);
    await counter.flush();
    expect((await findProductById(db, product.id))?.viewCount).toBe(11);
    // Views counted while a flush is writing are kept for the next one.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        counter.record(product.id);
        if (i % 5 === 0) await counter.flush();
      }),
    );
    await counter.flush();
    const found = await findProductById(db, product.id);
    expect(found?.viewCount).toBe(31);
    const views = await db.select().from(productViews).where(eq(productViews.productId, product.id));
    expect(views).toHaveLength(21);
  });

  it("counts people, not bots", () => {
    const chrome =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
    expect(isHumanVisitor(chrome)).toBe(true);
    expect(isHumanVisitor("Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe(false);
    expect(isHumanVisitor("curl/8.5.0")).toBe(false);
    expect(isHumanVisitor(null)).toBe(false);
  });
});
