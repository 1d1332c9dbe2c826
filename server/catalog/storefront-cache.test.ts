import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBlogPost,
  createPartner,
  createProduct,
  createTestimonial,
} from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { certificates, partners, products, storefrontVersion } from "../db/schema/index.ts";
import { cachedForStorefront } from "./storefront-cache.ts";
import { ProductViewCounter } from "./view-counter.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const version = async () =>
  (await database.db.select().from(storefrontVersion).where(eq(storefrontVersion.id, 1)))[0]!.version;

describe("storefront version", () => {
  it("goes up with every change to what the storefront shows, whoever makes it", async () => {
    const db = database.db;
    let last = await version();
    const bumps = async (change: () => Promise<unknown>) => {
      await change();
      const now = await version();
      const bumped = now > last;
      last = now;
      return bumped;
    };
    const product = await createProduct(db);
    expect(await bumps(async () => product)).toBe(true);
    expect(
      await bumps(() => db.update(products).set({ priceCents: 1 }).where(eq(products.id, product.id))),
    ).toBe(true);
    expect(await bumps(() => createBlogPost(db))).toBe(true);
    expect(await bumps(() => createTestimonial(db))).toBe(true);
    const partner = await createPartner(db);
    expect(await bumps(async () => partner)).toBe(true);
    expect(await bumps(() => db.delete(partners).where(eq(partners.id, partner.id)))).toBe(true);
    expect(
      await bumps(() =>
        db.insert(certificates).values({ title: "Certificate 1", displayOrder: 1, imageUrl: "/x.webp" }),
      ),
    ).toBe(true);
    expect(await bumps(() => db.delete(products).where(eq(products.id, product.id)))).toBe(true);
  });

  it("stays when only view counts are written (the cache survives product views)", async () => {
    const product = await createProduct(database.db);
    const before = await version();
    const counter = new ProductViewCounter(database.db, console);
    counter.record(product.id);
    await counter.flush();
    expect(await version()).toBe(before);
  });
});

describe("cachedForStorefront", () => {
  it("loads once per version, shares a load in progress and drops an incomplete one", async () => {
    const db = database.db;
    let loads = 0;
    const load = (complete = true) =>
      cachedForStorefront(db, "test", async () => ({ value: ++loads, complete }));
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b]).toEqual([1, 1]);
    expect(await load()).toBe(1);
    await createProduct(db);
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);

    await createProduct(db);
    expect(await load(false)).toBe(3);
    expect(await load()).toBe(4);
    expect(await load()).toBe(4);
  });
});
