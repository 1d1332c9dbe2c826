import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { collectionProducts, collections, products } from "../db/schema/index.ts";
import {
  collectionInputSchema,
  createAdminCollection,
  deleteAdminCollection,
  listAdminCollections,
  MAX_COLLECTION_PRODUCTS,
  moveAdminCollection,
  updateAdminCollection,
} from "./admin-collections.ts";

let database: TestDatabase;
const productIds: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ["Alpha", "Beta", "Gamma"])
    productIds.push((await createProduct(database.db, { name })).id);
});
afterAll(() => database.destroy());

const raw = (overrides: Record<string, unknown> = {}) => ({
  name: "Resin",
  slug: "",
  description: "",
  imageUrl: "",
  seoTitle: "",
  seoDescription: "",
  published: true,
  productIds: [],
  ...overrides,
});
const input = (overrides: Record<string, unknown> = {}) => collectionInputSchema.parse(raw(overrides));
const messages = (values: Record<string, unknown>) =>
  collectionInputSchema.safeParse(raw(values)).error?.issues.map((i) => i.message) ?? [];
const memberIds = (collectionId: string) =>
  database.db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position))
    .then((rows) => rows.map((r) => r.id));

describe("the collection form's validation", () => {
  it("says what is wrong, field by field", () => {
    expect(messages({ name: "  " })).toEqual(["Name is required"]);
    expect(messages({ name: "x".repeat(201) })).toEqual(["Name must be at most 200 characters"]);
    expect(messages({ seoTitle: "t".repeat(61) })).toEqual(["SEO title must be at most 60 characters"]);
    expect(messages({ seoDescription: "d".repeat(161) })).toEqual([
      "SEO description must be at most 160 characters",
    ]);
    expect(messages({ imageUrl: "javascript:alert(1)" })).toEqual([
      "Enter a URL starting with / or https://",
    ]);
    expect(messages({ productIds: ["1 or 1=1"] })).toEqual(["Choose products from the list"]);
    const tooMany = Array.from({ length: MAX_COLLECTION_PRODUCTS + 1 }, () => crypto.randomUUID());
    expect(messages({ productIds: tooMany })).toEqual([
      `A collection can hold at most ${MAX_COLLECTION_PRODUCTS} products`,
    ]);
  });

  it("keeps the chosen products once each, in the order given", () => {
    const [a, b] = productIds as [string, string];
    expect(input({ productIds: [b, a, b.toUpperCase()] }).productIds).toEqual([b, a]);
  });
});

describe("saving collections", () => {
  it("creates with a slug from the name, last in the order, with its products in order", async () => {
    const { db } = database;
    const [a, b, c] = productIds;
    const resin = await createAdminCollection(db, input({ name: "Resin Jars", productIds: [c, a] }));
    expect(resin).toMatchObject({ slug: "resin-jars", position: 0, imageUrl: null, seoTitle: null });
    expect(await memberIds(resin.id)).toEqual([c, a]);
    // A duplicate slug is made unique, as for products.
    const again = await createAdminCollection(
      db,
      input({ name: "Other", slug: "Resin Jars", productIds: [b] }),
    );
    expect(again).toMatchObject({ slug: "resin-jars-2", position: 1 });
  });

  it("updates: keeps the slug unless another is typed, replaces the products, skips deleted ones", async () => {
    const { db } = database;
    const [a, b] = productIds;
    const gone = (await createProduct(db, { name: "Gone" })).id;
    const created = await createAdminCollection(db, input({ name: "Drops", productIds: [a] }));
    await db.delete(products).where(eq(products.id, gone));
    const renamed = await updateAdminCollection(
      db,
      created.id,
      input({ name: "Liquid Drops", productIds: [b, gone, a] }),
    );
    expect(renamed).toMatchObject({ name: "Liquid Drops", slug: "drops" });
    expect(await memberIds(created.id)).toEqual([b, a]);
    const taken = await updateAdminCollection(
      db,
      created.id,
      input({ name: "Liquid Drops", slug: "resin-jars" }),
    );
    expect(taken?.slug).toBe("resin-jars-3");
    expect(await memberIds(created.id)).toEqual([]);
    expect(await updateAdminCollection(db, crypto.randomUUID(), input())).toBeNull();
    expect(await updateAdminCollection(db, "not-an-id", input())).toBeNull();
  });

  it("moves collections up and down, and deleting one leaves its products in the shop", async () => {
    const { db } = database;
    const order = async () => (await listAdminCollections(db)).map((c) => c.slug);
    const before = await order();
    expect(before).toEqual(["resin-jars", "resin-jars-2", "resin-jars-3"]);
    const third = (await listAdminCollections(db))[2]!;
    expect(await moveAdminCollection(db, third.id, "up")).toBe(true);
    expect(await order()).toEqual(["resin-jars", "resin-jars-3", "resin-jars-2"]);
    expect(await moveAdminCollection(db, third.id, "up")).toBe(true);
    expect(await moveAdminCollection(db, third.id, "up")).toBe(true); // already first: nothing to do
    expect(await order()).toEqual(["resin-jars-3", "resin-jars", "resin-jars-2"]);
    expect(await moveAdminCollection(db, crypto.randomUUID(), "down")).toBe(false);

    const first = (await listAdminCollections(db))[1]!;
    expect(first.productIds.length).toBe(2);
    expect(await deleteAdminCollection(db, first.id)).toBe(true);
    expect(await deleteAdminCollection(db, first.id)).toBe(false);
    expect(
      await db.select().from(collectionProducts).where(eq(collectionProducts.collectionId, first.id)),
    ).toEqual([]);
    expect((await db.select().from(products)).length).toBe(3);
    expect((await db.select().from(collections)).length).toBe(2);
  });
});
