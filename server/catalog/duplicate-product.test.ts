import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { products, productVariants, reviews, user } from "../db/schema/index.ts";
import { duplicateProduct } from "./duplicate-product.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("duplicating a product", () => {
  it("copies it as a draft with a new slug and SKUs, the same images, no stock, views or reviews", async () => {
    const { db } = database;
    const source = await createProduct(db, {
      name: "Gold Resin",
      imageUrls: ["/uploads/a.jpg", "/uploads/b.jpg"],
      viewCount: 900,
    });
    await createVariant(db, source, { title: "100g", sku: "GOLD-100", stockQuantity: 25 });
    const userId = crypto.randomUUID();
    await db.insert(user).values({ id: userId, email: "r@example.com", name: "R" });
    await db
      .insert(reviews)
      .values({ productId: source.id, userId, authorName: "R", rating: 5, body: "Good." });

    const first = await duplicateProduct(db, source.id);
    const second = await duplicateProduct(db, source.id);
    expect(first!.slug).not.toBe(source.slug);
    expect(second!.slug).not.toBe(first!.slug);

    const [copy] = await db.select().from(products).where(eq(products.id, first!.id));
    expect(copy).toMatchObject({
      name: "Gold Resin (copy)",
      status: "draft",
      imageUrls: ["/uploads/a.jpg", "/uploads/b.jpg"],
      viewCount: 0,
      description: source.description,
    });
    const skus = async (id: string) =>
      (await db.select().from(productVariants).where(eq(productVariants.productId, id))).sort((a, b) =>
        a.sku.localeCompare(b.sku),
      );
    const copied = await skus(first!.id);
    expect(copied.map((v) => v.sku)).toContain("GOLD-100-COPY");
    expect(copied.find((v) => v.sku === "GOLD-100-COPY")!.stockQuantity).toBe(0);
    expect((await skus(second!.id)).map((v) => v.sku)).toContain("GOLD-100-COPY-2");
    expect(await db.select().from(reviews).where(eq(reviews.productId, first!.id))).toEqual([]);
  });

  it("answers null for an unknown or malformed id", async () => {
    expect(await duplicateProduct(database.db, crypto.randomUUID())).toBeNull();
    expect(await duplicateProduct(database.db, "1 or 1=1")).toBeNull();
  });
});
