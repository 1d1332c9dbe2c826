import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createVariant } from "../../tests/factories/catalog.ts";
import { createBlogPost } from "../../tests/factories/content.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  prefixTsquery,
  readSearchQuery,
  SEARCH_POST_LIMIT,
  SEARCH_PRODUCT_LIMIT,
  searchStorefront,
} from "./search.ts";

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (tests/support/database.ts).
let database: TestDatabase;
const search = async (q: string) => searchStorefront(database.db, "/nonexistent-uploads", q);
const productNames = async (q: string) => (await search(q)).products.map((p) => p.name);
const postTitles = async (q: string) => (await search(q)).posts.map((p) => p.title);

beforeAll(async () => {
  database = await createTestDatabase();
  const plain = "A jar from the mountains.";
  await createProduct(database.db, {
    name: "Golden Drops",
    description: "Liquid form, mixed with fulvic water.",
    // Tags are searched too (migration 0018): not the factory's "resin".
    tags: ["drops"],
  });
  // "fulvic" in the name outranks "fulvic" in the description.
  await createProduct(database.db, { name: "Fulvic Resin", description: plain });
  await createProduct(database.db, {
    name: "Mountain Tea",
    description: plain,
    priceCents: 1250,
    tags: ["herbal", "caffeine free"],
  });
  await createBlogPost(database.db, {
    title: "Why fulvic acid matters",
    excerpt: "The science in short.",
    content: "Plain words about minerals.",
  });
  await createBlogPost(database.db, {
    title: "Morning routines",
    excerpt: "Start the day well.",
    content: "Stir a little fulvic resin into tea.",
  });
  await createBlogPost(database.db, {
    title: "Fulvic secrets (draft)",
    excerpt: "Not ready",
    content: "fulvic fulvic fulvic",
    published: false,
  });
});
afterAll(() => database.destroy());

describe("the search query string", () => {
  it("trims and collapses spaces, and turns a long query into a message", () => {
    expect(readSearchQuery(new URLSearchParams("q=%20%20gold%20%20%20drops%20"))).toEqual({
      q: "gold drops",
      error: null,
    });
    expect(readSearchQuery(new URLSearchParams(""))).toEqual({ q: "", error: null });
    const long = readSearchQuery(new URLSearchParams({ q: "x".repeat(101) }));
    expect(long.error).toBe("Search for at most 100 characters.");
    expect(long.q).toHaveLength(100);
  });

  it("keeps only words, the last one a prefix, so no tsquery operator gets through", () => {
    expect(prefixTsquery("gold dro")).toBe("gold & dro:*");
    expect(prefixTsquery("a & b | !c <-> (d):* 'e' \\f")).toBe("a & b & c & d & e & f:*");
    expect(prefixTsquery("  &|!():*'\\ ")).toBeNull();
    expect(prefixTsquery("Ünïcödé 30ml")).toBe("ünïcödé & 30ml:*");
    expect(prefixTsquery("one two three four five six seven eight nine ten")?.split(" & ")).toHaveLength(8);
  });
});

describe("searching the storefront", () => {
  it("ranks name matches first and lists products before posts, each with what its card needs", async () => {
    const results = await search("fulvic");
    expect(results.products.map((p) => p.name)).toEqual(["Fulvic Resin", "Golden Drops"]);
    expect(results.posts.map((p) => p.title)).toEqual(["Why fulvic acid matters", "Morning routines"]);
    expect(results.products[0]).toMatchObject({ slug: expect.any(String), priceCents: 5999 });
    expect(results.posts[0]).toMatchObject({ slug: expect.any(String), image: expect.anything() });
  });

  it("matches the word being typed by its start, and stemmed words", async () => {
    expect(await productNames("gol")).toEqual(["Golden Drops"]);
    expect(await productNames("mountain te")).toEqual(["Mountain Tea"]);
    expect(await productNames("drop")).toEqual(["Golden Drops"]);
    expect(await productNames("GOLDEN DROPS")).toEqual(["Golden Drops"]);
    expect(await productNames("golden tea")).toEqual([]);
  });

  it("finds products by their tags", async () => {
    expect(await productNames("herbal")).toEqual(["Mountain Tea"]);
    expect(await productNames("caffeine fr")).toEqual(["Mountain Tea"]);
  });

  it("treats tsquery syntax and SQL in the input as plain words, never as an error", async () => {
    for (const q of [
      "fulvic & !resin",
      "fulvic | tea",
      "fulvic:*B",
      "'; drop table products; --",
      "(((",
      "!!",
      "<->",
    ]) {
      await expect(search(q), q).resolves.toBeDefined();
    }
    expect(await productNames("fulvic | tea")).toEqual([]);
    expect(await productNames("!resin fulvic")).toEqual(["Fulvic Resin"]);
    expect(await productNames("&&&")).toEqual([]);
    // Only stop words: nothing to look for, and no error.
    expect(await productNames("the and of")).toEqual([]);
  });

  it("finds the product of a variant whose SKU is typed exactly, in any case, before text matches", async () => {
    const kit = await createProduct(database.db, { name: "Trail Kit", description: "fulvic" });
    await createVariant(database.db, kit, { title: "Large", sku: "TK-L-500" });
    await createVariant(database.db, kit, { title: "Old", sku: "TK-OLD-1", archivedAt: new Date() });
    expect(await productNames("tk-l-500")).toEqual(["Trail Kit"]);
    expect(await productNames("  Tk-L-500 ")).toEqual(["Trail Kit"]);
    // Only an exact SKU: a part of one finds nothing, nor does an archived variant's.
    expect(await productNames("TK-L")).toEqual([]);
    expect(await productNames("tk-old-1")).toEqual([]);
    // A SKU that is also text of other products puts its own product first.
    await createVariant(database.db, kit, { title: "Fulvic", sku: "FULVIC" });
    expect(await productNames("fulvic")).toEqual(["Trail Kit", "Fulvic Resin", "Golden Drops"]);
  });

  it("keeps SKUs unique whatever their case", async () => {
    const product = await createProduct(database.db, { name: "Case Test" });
    await createVariant(database.db, product, { title: "A", sku: "Case-SKU-1" });
    await expect(createVariant(database.db, product, { title: "B", sku: "CASE-sku-1" })).rejects.toThrow();
  });

  it("never finds a draft post", async () => {
    expect(await postTitles("secrets")).toEqual([]);
    expect(await postTitles("draft")).toEqual([]);
  });

  it("returns at most 24 products and 10 posts", async () => {
    for (let i = 0; i < SEARCH_PRODUCT_LIMIT + 2; i++) {
      await createProduct(database.db, { name: `Zircon ${i}`, description: "zircon" });
    }
    for (let i = 0; i < SEARCH_POST_LIMIT + 2; i++) {
      await createBlogPost(database.db, { title: `Zircon notes ${i}`, excerpt: "", content: "x" });
    }
    const results = await search("zircon");
    expect(results.products).toHaveLength(24);
    expect(results.posts).toHaveLength(10);
  });
});
