import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/schema/index.ts";
import { createProduct } from "../factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

describe("database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("is migrated and answers", async () => {
    await database.ping();
    expect(await database.db.$count(products)).toBe(0);
  });

  it("stores money as integer cents and enforces constraints", async () => {
    const product = await createProduct(database.db, { priceCents: 4999 });
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.priceCents).toBe(4999);
    await expect(createProduct(database.db, { slug: product.slug })).rejects.toThrow();
    await expect(createProduct(database.db, { priceCents: -1 })).rejects.toThrow();
  });
});
