import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { collections, products } from "../db/schema/index.ts";
import { findPublishedCollection, listProductTags, listPublishedCollections } from "./collections.ts";
import {
  PRODUCTS_PER_PAGE,
  productPage,
  readCollectionListQuery,
  readProductListQuery,
} from "./product-list.ts";

let database: TestDatabase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // 30 "Jar NN" (tag "jar"; every third also "gift"), and a drop bottle.
  const start = Date.now() - 100 * 60_000;
  for (let i = 1; i <= 30; i++) {
    const name = `Jar ${String(i).padStart(2, "0")}`;
    const tags = i % 3 === 0 ? ["jar", "gift"] : ["jar"];
    const p = await createProduct(db, {
      name,
      tags,
      priceCents: 1000 + ((i * 7) % 30) * 100,
      createdAt: new Date(start + i * 60_000),
    });
    ids[name] = p.id;
  }
  ids.drops = (await createProduct(db, { name: "Drop Bottle", tags: ["drops", "gift"] })).id;
  // "big" holds all 30 jars, last first (its own order); "pair" two products; "draft" is unpublished.
  const jars = Object.entries(ids)
    .filter(([n]) => n.startsWith("Jar"))
    .map(([, id]) => id);
  await createCollection(db, { name: "Big", slug: "big", productIds: [...jars].reverse(), position: 0 });
  await createCollection(db, {
    name: "Pair",
    slug: "pair",
    productIds: [ids.drops, ids["Jar 01"]!],
    position: 1,
  });
  await createCollection(db, {
    name: "Draft",
    slug: "draft",
    published: false,
    productIds: [ids.drops],
    position: 2,
  });
});
afterAll(() => database.destroy());

const list = (params: string) => productPage(database.db, readProductListQuery(new URLSearchParams(params)));
const names = async (params: string) => (await list(params)).products.map((p) => p.name);
const collectionPage = (slug: string, params = "") =>
  productPage(database.db, readCollectionListQuery(new URLSearchParams(params), slug));

describe("/products?collection=", () => {
  it("lists only the collection's products, paged and sorted like /products", async () => {
    const first = await list("collection=big");
    expect(first).toMatchObject({ total: 30, pageCount: 2, page: 1 });
    expect(first.products).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.products[0]!.name).toBe("Jar 01");
    expect(await names("collection=big&page=2")).toEqual([
      "Jar 25",
      "Jar 26",
      "Jar 27",
      "Jar 28",
      "Jar 29",
      "Jar 30",
    ]);
    expect((await names("collection=big&sort=newest")).slice(0, 2)).toEqual(["Jar 30", "Jar 29"]);
    expect(await names("collection=pair&sort=name")).toEqual(["Drop Bottle", "Jar 01"]);
  });

  it("combines with the search and the tag", async () => {
    expect(await names("collection=big&q=jar 1")).toEqual(
      Array.from({ length: 10 }, (_, i) => `Jar ${10 + i}`),
    );
    expect(await names("collection=big&tag=gift&q=2")).toEqual(["Jar 12", "Jar 21", "Jar 24", "Jar 27"]);
    expect((await list("collection=pair&tag=drops")).total).toBe(1);
  });

  it("matches nothing for an unknown or unpublished collection, never fails", async () => {
    for (const slug of ["nope", "draft", "big'--", "%", "x".repeat(300)]) {
      expect(await list(`collection=${encodeURIComponent(slug)}`), slug).toMatchObject({
        total: 0,
        pageCount: 1,
        products: [],
      });
    }
  });
});

describe("/products?tag=", () => {
  it("lists products carrying the tag (exactly), with the other filters and sorts", async () => {
    expect((await list("tag=gift")).total).toBe(11);
    expect(await names("tag=drops")).toEqual(["Drop Bottle"]);
    expect((await names("tag=gift&sort=price-desc")).length).toBe(11);
    expect((await list("tag=GIFT")).total).toBe(0);
    expect((await list("tag=no such tag")).total).toBe(0);
  });

  it("offers the tags in use, the most used first", async () => {
    expect(await listProductTags(database.db)).toEqual(["jar", "gift", "drops"]);
  });
});

describe("a collection page", () => {
  it("shows the collection's own order by default, the /products sorts on demand", async () => {
    const big = await collectionPage("big");
    expect(big.total).toBe(30);
    expect(big.products.slice(0, 3).map((p) => p.name)).toEqual(["Jar 30", "Jar 29", "Jar 28"]);
    // The second half is read from the other end of the order, as /products does.
    expect((await collectionPage("big", "page=2")).products.map((p) => p.name)).toEqual([
      "Jar 06",
      "Jar 05",
      "Jar 04",
      "Jar 03",
      "Jar 02",
      "Jar 01",
    ]);
    expect((await collectionPage("pair")).products.map((p) => p.name)).toEqual(["Drop Bottle", "Jar 01"]);
    expect((await collectionPage("pair", "sort=name")).products.map((p) => p.name)).toEqual([
      "Drop Bottle",
      "Jar 01",
    ]);
    expect(readCollectionListQuery(new URLSearchParams("sort=bogus&page=x"), "big")).toMatchObject({
      sort: "featured",
      page: 1,
    });
  });

  it("finds published collections only", async () => {
    expect((await findPublishedCollection(database.db, "big"))?.name).toBe("Big");
    expect(await findPublishedCollection(database.db, "draft")).toBeNull();
    expect(await findPublishedCollection(database.db, "")).toBeNull();
    expect((await listPublishedCollections(database.db)).map((c) => c.slug)).toEqual(["big", "pair"]);
  });

  it("follows changes at once: cached counts and lists go with the storefront version", async () => {
    const { db } = database;
    expect((await collectionPage("pair")).total).toBe(2);
    await db.delete(products).where(eq(products.id, ids["Jar 01"]!));
    expect((await collectionPage("pair")).total).toBe(1);
    await db.update(collections).set({ published: false }).where(eq(collections.slug, "pair"));
    expect((await list("collection=pair")).total).toBe(0);
    expect((await listPublishedCollections(db)).map((c) => c.slug)).toEqual(["big"]);
    await db.execute(sql`update ${collections} set published = true where slug = 'pair'`);
  });
});
