import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { findProductBySlug } from "../catalog/products.ts";
import { verifyPassword } from "../creators/password.ts";
import {
  batches,
  blogPosts,
  certificates,
  collectionProducts,
  collections,
  contactMessages,
  contentCreators,
  coupons,
  partners,
  products,
  serials,
  testimonials,
  validityCodes,
} from "../db/schema/index.ts";
import { checkValidityCode } from "../validity/validity.ts";
import { type DemoSeedResult, demoCreator, seedDemoDataIfEmpty } from "./demo.ts";
import { DEMO_SERIALS_PER_BATCH, demoBatches } from "./demo-batches.ts";

const tables = {
  products,
  collections,
  collectionProducts,
  blogPosts,
  testimonials,
  partners,
  certificates,
  validityCodes,
  contentCreators,
  coupons,
  contactMessages,
};

describe("demo seed", () => {
  let database: TestDatabase;
  let uploadsDir: string;
  let seeded: DemoSeedResult | null;

  async function counts() {
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await database.db.select({ n: count() }).from(table);
        return [name, row!.n] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "seed-test-")), "uploads");
    seeded = await seedDemoDataIfEmpty(database.db, { uploadsDir });
  });

  afterAll(async () => {
    await database?.destroy();
    if (uploadsDir) rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
  });

  it("seeds an empty database and says so", () => {
    expect(seeded).not.toBeNull();
  });

  it("creates products of both weight types, exactly one sold out, each with 3+ images", async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((p) => p.weightType))).toEqual(new Set(["30ml", "30g"]));
    expect(rows.filter((p) => p.soldOut)).toHaveLength(1);
    for (const p of rows) {
      expect(p.imageUrls.length).toBeGreaterThanOrEqual(3);
      expect(p.imageUrl).toBe(p.imageUrls[0]);
      expect(p.tags.length).toBeGreaterThan(0);
      expect(p.seoTitle!.length).toBeLessThanOrEqual(60);
      expect(p.seoDescription!.length).toBeLessThanOrEqual(160);
      expect(p.priceCents).toBeGreaterThanOrEqual(3999);
      expect(p.priceCents).toBeLessThanOrEqual(8999);
    }
  });

  it("creates the Resin, Drops and Bundles collections over the demo products, in order", async () => {
    const { db } = database;
    const rows = await db.select().from(collections).orderBy(asc(collections.position));
    expect(rows.map((c) => [c.slug, c.published])).toEqual([
      ["resin", true],
      ["drops", true],
      ["bundles", true],
    ]);
    const members = await db
      .select({ collection: collections.slug, product: products.slug })
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .orderBy(asc(collectionProducts.position));
    const inCollection = (slug: string) => members.filter((m) => m.collection === slug).map((m) => m.product);
    expect(inCollection("resin")).toEqual([
      "pure-himalayan-shilajit-resin",
      "gold-grade-shilajit-resin",
      "summit-reserve-shilajit-resin",
    ]);
    expect(inCollection("drops")).toEqual(["liquid-shilajit-drops"]);
    expect(inCollection("bundles")).toHaveLength(2);
    for (const c of rows) {
      expect(c.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
      expect(c.seoTitle!.length).toBeLessThanOrEqual(60);
      expect(c.seoDescription!.length).toBeLessThanOrEqual(160);
    }
  });

  it("sells the flagship resin in three sizes, with multi-pack savings", async () => {
    const flagship = await findProductBySlug(database.db, "pure-himalayan-shilajit-resin");
    expect(flagship!.options).toEqual([{ name: "Size", values: ["30g", "50g", "100g"] }]);
    expect(flagship!.variants.map((v) => [v.title, v.priceCents, v.sku])).toEqual([
      ["30g", 5999, "PURE-HIMALAYAN-SHILAJIT-RESIN-30G"],
      ["50g", 8999, "PURE-HIMALAYAN-SHILAJIT-RESIN-50G"],
      ["100g", 15999, "PURE-HIMALAYAN-SHILAJIT-RESIN-100G"],
    ]);
    expect(flagship).toMatchObject({ priceCents: 5999, priceMaxCents: 15999 });
    expect(flagship!.quantityTiers).toEqual([
      { minQuantity: 3, percentOff: 10 },
      { minQuantity: 6, percentOff: 15 },
    ]);
  });

  it("creates 4 published posts with dates and 1 draft", async () => {
    const rows = await database.db.select().from(blogPosts);
    const published = rows.filter((p) => p.published);
    expect(published).toHaveLength(4);
    expect(published.every((p) => p.publishedAt && p.publishedAt.getTime() <= Date.now())).toBe(true);
    expect(new Set(published.map((p) => p.publishedAt!.toDateString())).size).toBe(4);
    const drafts = rows.filter((p) => !p.published);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.publishedAt).toBeNull();
    for (const p of rows) {
      expect(p.featuredImageUrl).toMatch(/^\/uploads\/.+\.webp$/);
      expect(p.seoTitle!.length).toBeLessThanOrEqual(60);
      expect(p.seoDescription!.length).toBeLessThanOrEqual(160);
      expect(p.content).toMatch(/^## /m);
    }
  });

  it("creates active testimonials of every media type, partners and the two certificates", async () => {
    const t = await database.db.select().from(testimonials).where(eq(testimonials.active, true));
    expect(new Set(t.map((r) => r.mediaType))).toEqual(new Set(["none", "image", "video"]));
    for (const r of t.filter((r) => r.mediaType !== "none")) expect(r.mediaUrl).toMatch(/^\/uploads\//);

    const p = await database.db.select().from(partners).where(eq(partners.active, true));
    expect(p.length).toBeGreaterThanOrEqual(2);
    for (const r of p) {
      expect(r.logoUrl).toMatch(/^\/uploads\//);
      expect(r.websiteUrl).toMatch(/^https?:\/\//);
      expect(r.description).toBeTruthy();
    }

    const c = await database.db.select().from(certificates).orderBy(asc(certificates.displayOrder));
    expect(c.map((r) => [r.displayOrder, r.title, r.active])).toEqual([
      [1, "Certificate 1", true],
      [2, "Certificate 2", true],
    ]);
  });

  it("creates validity codes SH1001 to SH1010", async () => {
    const rows = await database.db.select().from(validityCodes).orderBy(asc(validityCodes.code));
    expect(rows.map((r) => r.code)).toEqual(Array.from({ length: 10 }, (_, i) => `SH${1001 + i}`));
    expect(rows.every((r) => r.productName === "Default Product")).toBe(true);
  });

  it("creates two batches with a certificate, serials and attached list codes", async () => {
    const { db } = database;
    const rows = await db.select().from(batches).orderBy(asc(batches.batchNumber));
    expect(rows.map((b) => [b.batchNumber, b.labName])).toEqual(
      demoBatches.map((b) => [b.batchNumber, b.labName]),
    );
    for (const [i, batch] of rows.entries()) {
      expect(existsSync(path.join(uploadsDir, path.basename(batch.coaUrl!)))).toBe(true);
      expect(await db.$count(serials, eq(serials.batchId, batch.id))).toBe(DEMO_SERIALS_PER_BATCH);
      const attached = await db.select().from(validityCodes).where(eq(validityCodes.batchId, batch.id));
      expect(attached.map((c) => c.code).sort()).toEqual([...demoBatches[i]!.codes]);
    }
    const found = await checkValidityCode(db, "SH1001");
    expect(found).toMatchObject({ valid: true, outcome: "batch" });
    expect(found?.batch).toMatchObject({ batchNumber: "PS-2026-01", labName: "Alpine Analytical Labs" });
  });

  it("creates the creator with a hashed password and the four coupons with their rules", async () => {
    const [creator] = await database.db.select().from(contentCreators);
    expect(creator!.username).toBe(demoCreator.username);
    expect(creator!.commissionBasisPoints).toBe(1000);
    expect(creator!.passwordHash).not.toContain(demoCreator.password);
    expect(await verifyPassword(demoCreator.password, creator!.passwordHash)).toBe(true);

    const rows = await database.db.select().from(coupons);
    const byCode = Object.fromEntries(rows.map((c) => [c.code, c]));
    const now = Date.now();
    expect(Object.keys(byCode).sort()).toEqual(["EXPIRED20", "ONCE15", "SAVE5", "WELCOME10"]);

    const welcome = byCode.WELCOME10!;
    expect([
      welcome.discountType,
      welcome.discountValueHundredths,
      welcome.isActive,
      welcome.showOnFrontend,
    ]).toEqual(["percentage", 1000, true, true]);
    expect(welcome.validUntil!.getTime()).toBeGreaterThan(now + 360 * 86_400_000);

    const save = byCode.SAVE5!;
    expect([
      save.discountType,
      save.discountValueHundredths,
      save.minimumOrderCents,
      save.showOnFrontend,
    ]).toEqual(["fixed", 500, 4000, true]);

    expect(byCode.EXPIRED20!.discountValueHundredths).toBe(2000);
    expect(byCode.EXPIRED20!.validUntil!.getTime()).toBeLessThan(now);

    expect([
      byCode.ONCE15!.discountValueHundredths,
      byCode.ONCE15!.usageLimit,
      byCode.ONCE15!.usedCount,
    ]).toEqual([1500, 1, 0]);

    expect(rows.filter((c) => c.contentCreatorId === creator!.id)).toHaveLength(1);
  });

  it("leaves the contact inbox empty", async () => {
    expect((await counts()).contactMessages).toBe(0);
  });

  it("copies every referenced file into the uploads folder", async () => {
    const urls = [
      ...(await database.db.select().from(products)).flatMap((p) => p.imageUrls),
      ...(await database.db.select().from(blogPosts)).map((p) => p.featuredImageUrl),
      ...(await database.db.select().from(testimonials)).flatMap((t) => [t.imageUrl, t.mediaUrl]),
      ...(await database.db.select().from(partners)).map((p) => p.logoUrl),
      ...(await database.db.select().from(certificates)).map((c) => c.imageUrl),
      ...(await database.db.select().from(collections)).map((c) => c.imageUrl),
    ].filter((u): u is string => u !== null);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const file = path.join(uploadsDir, url.replace(/^\/uploads\//, ""));
      expect(existsSync(file), url).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(0);
    }
    expect(readdirSync(uploadsDir).length).toBe(new Set(urls).size);
  });

  it("does nothing on a second run", async () => {
    const before = await counts();
    expect(await seedDemoDataIfEmpty(database.db, { uploadsDir })).toBeNull();
    expect(await counts()).toEqual(before);
  });
});
