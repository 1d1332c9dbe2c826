import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, createProduct, type Product } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, CartError, getOrCreateCart, priceCart } from "../cart/cart.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { searchStorefront } from "../search/search.ts";
import { suggestStorefront } from "../search/suggest.ts";
import { feedProductPages } from "../seo/google-feed.ts";
import { sitemapEntries } from "../seo/sitemap.ts";
import { listProductTags } from "./collections.ts";
import {
  listHomeProducts,
  productPage,
  readCollectionListQuery,
  readProductListQuery,
} from "./product-list.ts";
import { findProductById, findProductBySlug, findProductForPage } from "./products.ts";

let database: TestDatabase;
let active: Product;
let draft: Product;
let archived: Product;
let collectionSlug: string;

// Every product shares the word "Quartzite" so each search surface would find all three.
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  active = await createProduct(db, { name: "Quartzite Resin Live", tags: ["quartzite-live"] });
  draft = await createProduct(db, {
    name: "Quartzite Resin Draft",
    status: "draft",
    tags: ["quartzite-draft"],
  });
  archived = await createProduct(db, { name: "Quartzite Resin Old", status: "archived", featured: true });
  const collection = await createCollection(db, { productIds: [draft.id, active.id, archived.id] });
  collectionSlug = collection.slug;
});
afterAll(() => database.destroy());

const hidden = () => [draft, archived];
const idsOf = (list: { id: string }[]) => list.map((p) => p.id);

describe("only active products are on the storefront", () => {
  it("finds the product page of an active product only, by slug or id", async () => {
    const { db } = database;
    expect((await findProductBySlug(db, active.slug))?.id).toBe(active.id);
    for (const p of hidden()) {
      expect(await findProductBySlug(db, p.slug)).toBeNull();
      expect(await findProductById(db, p.id)).toBeNull();
      expect(await findProductForPage(db, p.slug)).toBeNull();
    }
  });

  it("lists, counts and pages active products only, in /products and a collection", async () => {
    const { db } = database;
    const all = await productPage(db, readProductListQuery(new URLSearchParams()));
    expect(idsOf(all.products)).toEqual([active.id]);
    expect(all.total).toBe(1);
    const searched = await productPage(db, readProductListQuery(new URLSearchParams("q=quartzite")));
    expect(idsOf(searched.products)).toEqual([active.id]);
    const inCollection = await productPage(
      db,
      readCollectionListQuery(new URLSearchParams(), collectionSlug),
    );
    expect(idsOf(inCollection.products)).toEqual([active.id]);
    expect(inCollection.total).toBe(1);
    expect(idsOf(await listHomeProducts(db))).toEqual([active.id]);
    expect(await listProductTags(db)).not.toContain("quartzite-draft");
  });

  it("searches and suggests active products only, by words or exact SKU", async () => {
    const { db } = database;
    expect(idsOf((await searchStorefront(db, "/tmp", "quartzite")).products)).toEqual([active.id]);
    const [draftVariant] = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, draft.id));
    expect((await searchStorefront(db, "/tmp", draftVariant!.sku)).products).toEqual([]);
    const suggested = await suggestStorefront(db, "quartzite");
    expect(suggested.filter((s) => s.kind === "product").map((s) => s.href)).toEqual([
      `/product/${active.slug}`,
    ]);
    // The typo fallback (trigram) too.
    const typo = await suggestStorefront(db, "quartzit resin");
    for (const p of hidden()) expect(typo.map((s) => s.href)).not.toContain(`/product/${p.slug}`);
  });

  it("leaves drafts and archived products out of the Google feed and the sitemap", async () => {
    const { db } = database;
    const fed: string[] = [];
    for await (const page of feedProductPages(db)) fed.push(...idsOf(page));
    expect(fed).toEqual([active.id]);
    const paths = (await sitemapEntries(db)).map((e) => e.path);
    expect(paths).toContain(`/product/${active.slug}`);
    for (const p of hidden()) expect(paths).not.toContain(`/product/${p.slug}`);
  });

  it("refuses to add a draft to a cart, and shows a line of a product taken off sale as unavailable", async () => {
    const { db } = database;
    const cartId = await getOrCreateCart(db, { guestCartId: null });
    await expect(addToCart(db, cartId, draft.id, 1)).rejects.toBeInstanceOf(CartError);
    const extra = await createProduct(db, { name: "Quartzite Later Archived" });
    await addToCart(db, cartId, extra.id, 2);
    expect((await priceCart(db, cartId)).hasUnavailableLines).toBe(false);
    await db.update(products).set({ status: "archived" }).where(eq(products.id, extra.id));
    const cart = await priceCart(db, cartId);
    expect(cart.hasUnavailableLines).toBe(true);
    expect(cart.lines[0]).toMatchObject({ status: "deleted", slug: null, lineTotalCents: 0 });
    expect(cart.totalCents).toBe(0);
  });
});
