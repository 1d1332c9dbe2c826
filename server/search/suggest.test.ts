import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, createProduct } from "../../tests/factories/catalog.ts";
import { createBlogPost } from "../../tests/factories/content.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { suggestStorefront } from "./suggest.ts";

let database: TestDatabase;
const labels = async (q: string) =>
  (await suggestStorefront(database.db, q)).map((s) => `${s.kind}:${s.label}`);

beforeAll(async () => {
  database = await createTestDatabase();
  const plain = "A jar from the mountains.";
  await createProduct(database.db, {
    name: "Pure Himalayan Shilajit Resin",
    slug: "pure-shilajit",
    description: plain,
  });
  await createProduct(database.db, { name: "Golden Fulvic Drops", description: plain, tags: ["drops"] });
  await createCollection(database.db, { name: "Shilajit Essentials", slug: "shilajit-essentials" });
  await createCollection(database.db, { name: "Shilajit Secret Launch", published: false });
  await createBlogPost(database.db, {
    title: "Shilajit for beginners",
    slug: "shilajit-beginners",
    published: true,
  });
  await createBlogPost(database.db, { title: "Shilajit draft notes", published: false });
});
afterAll(() => database.destroy());

describe("search suggestions while typing", () => {
  it("find products, published collections and published posts by the start of a word", async () => {
    expect(await labels("shila")).toEqual([
      "product:Pure Himalayan Shilajit Resin",
      "collection:Shilajit Essentials",
      "post:Shilajit for beginners",
    ]);
    const [product] = await suggestStorefront(database.db, "shila");
    expect(product!.href).toBe("/product/pure-shilajit");
  });

  it("forgive a typo in a product name when the words find nothing", async () => {
    expect(await labels("shilajt")).toEqual(["product:Pure Himalayan Shilajit Resin"]);
    expect(await labels("fulvik drops")).toContain("product:Golden Fulvic Drops");
  });

  it("suggest nothing for one letter, for punctuation only, or for words like nothing we sell", async () => {
    expect(await labels("s")).toEqual([]);
    expect(await labels("'&|!:*")).toEqual([]);
    expect(await labels("zebra carburettor")).toEqual([]);
  });
});
