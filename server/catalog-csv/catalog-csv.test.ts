import { createReadStream } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import type { Db } from "../db/client.ts";
import { productOptions, products, productVariants } from "../db/schema/index.ts";
import { streamCsv } from "../exports/csv-stream.ts";
import { catalogCsvExport } from "./export-catalog.ts";
import { importCatalogCsv } from "./import-catalog.ts";

const fixture = (name: string) => createReadStream(path.join(import.meta.dirname, "fixtures", name));
const PUBLIC_URL = "https://shop.example";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.destroy());

async function productBySlug(slug: string) {
  const [product] = await db.select().from(products).where(eq(products.slug, slug));
  if (!product) return null;
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.position));
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, product.id))
    .orderBy(asc(productOptions.position));
  return { product, variants, options };
}

describe("Shopify product CSV (BOM, CRLF, quoted commas and quotes, multi-line HTML bodies, image-only rows)", () => {
  it("previews what it would create and refuse, with row numbers and reasons, and writes nothing", async () => {
    const report = await importCatalogCsv(db, fixture("shopify-products.csv"), { apply: false });
    expect(report.fileError).toBeNull();
    expect(report.format).toBe("shopify");
    expect(report.created.map((l) => [l.row, l.handle])).toEqual([
      [2, "himalayan-resin"],
      [6, "gift-card-box"],
      [7, "winter-blend"],
      [11, "equals-sign"],
    ]);
    expect(report.refused).toEqual([
      expect.objectContaining({
        row: 8,
        handle: "broken-price",
        reason: expect.stringMatching(/^row 8 .*Price must be a positive amount/),
      }),
      expect.objectContaining({
        row: 9,
        handle: "copy-cat",
        reason: "SKU HR-30-1 is also on product himalayan-resin earlier in the file",
      }),
      expect.objectContaining({ row: 10, handle: "no-title", reason: "no Title on the product's first row" }),
    ]);
    expect(await db.$count(products)).toBe(0);
  });

  it("imports products with their options, variants, stock, images and cleaned descriptions", async () => {
    const report = await importCatalogCsv(db, fixture("shopify-products.csv"), { apply: true });
    expect(report.counts).toEqual({ created: 4, updated: 0, refused: 3 });

    const resin = (await productBySlug("himalayan-resin"))!;
    expect(resin.product.name).toBe('Himalayan Resin, "Gold Grade"');
    // Paragraphs and line breaks kept; the script and the handler gone with every tag.
    expect(resin.product.description).toBe(
      "Pure resin from 16,000 ft.\n\nTake a pea-sized amount:\nmorning & evening.\n\n- Lab tested\n- Vegan",
    );
    expect(resin.product.tags).toEqual(["resin", "gold", "best seller"]);
    expect(resin.product.status).toBe("active");
    expect(resin.product.seoDescription).toBe("Gold grade resin, 30g or 50g");
    expect(resin.product.imageUrls).toEqual([
      "https://cdn.shopify.com/s/files/1/resin-front.jpg",
      "https://cdn.shopify.com/s/files/1/resin-back.jpg",
      "https://cdn.shopify.com/s/files/1/resin-label.jpg",
    ]);
    expect(resin.options.map((o) => [o.name, o.values])).toEqual([
      ["Size", ["30g", "50g"]],
      ["Pack", ["Single", "3-pack"]],
    ]);
    expect(
      resin.variants.map((v) => [
        v.sku,
        v.optionValues,
        v.priceCents,
        v.compareAtCents,
        v.weightGrams,
        v.stockQuantity,
        v.gtin,
      ]),
    ).toEqual([
      ["HR-30-1", ["30g", "Single"], 4999, 5999, 60, 12, "0123456789012"],
      // A barcode that is not a GTIN is left out rather than refusing the product.
      ["HR-30-3", ["30g", "3-pack"], 12900, null, 180, 4, null],
      ["HR-50-1", ["50g", "Single"], 7450, null, 100, null, null],
    ]);
    expect(resin.variants[2]!.imageUrl).toBe("https://cdn.shopify.com/s/files/1/resin-50.jpg");

    const box = (await productBySlug("gift-card-box"))!;
    expect(box.options.map((o) => [o.name, o.values])).toEqual([["Title", ["Default Title"]]]);
    expect(box.variants[0]!.stockQuantity).toBe(0); // Shopify's -3 (oversold): never below zero here
    expect((await productBySlug("winter-blend"))!.product.status).toBe("draft");
    expect((await productBySlug("equals-sign"))!.product.name).toBe('=HYPERLINK("http://evil")');
  });

  it("is idempotent: a second import updates the same products and variants, duplicating nothing", async () => {
    const before = await db.select().from(productVariants).orderBy(asc(productVariants.sku));
    const report = await importCatalogCsv(db, fixture("shopify-products.csv"), { apply: true });
    expect(report.counts).toEqual({ created: 0, updated: 4, refused: 3 });
    const after = await db.select().from(productVariants).orderBy(asc(productVariants.sku));
    expect(after.map((v) => [v.id, v.sku, v.priceCents, v.stockQuantity])).toEqual(
      before.map((v) => [v.id, v.sku, v.priceCents, v.stockQuantity]),
    );
    expect(await db.$count(products)).toBe(4);
  });

  it("finds a product by SKU when its handle changed, and keeps its slug (its links)", async () => {
    const csv =
      "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\r\nrenamed-box,Gift Box Deluxe,Title,Default Title,gift-box,12.00\r\n";
    const report = await importCatalogCsv(db, [csv], { apply: true });
    expect(report.updated).toEqual([expect.objectContaining({ handle: "renamed-box" })]);
    const box = (await productBySlug("gift-card-box"))!;
    expect([box.product.name, box.variants[0]!.priceCents]).toEqual(["Gift Box Deluxe", 1200]);
  });

  it("refuses a whole file that is neither format, or is not CSV, with a clear message", async () => {
    expect((await importCatalogCsv(db, ["Name;Price\nx;1\n"], { apply: false })).fileError).toMatch(
      /not a Shopify or WooCommerce product CSV/,
    );
    expect(
      (await importCatalogCsv(db, ['Handle,Title\nok,"unclosed\n'], { apply: false })).fileError,
    ).toMatch(/not readable CSV/);
    expect((await importCatalogCsv(db, [""], { apply: false })).fileError).toBe(
      "The file has no product rows.",
    );
  });
});

describe("WooCommerce product CSV (simple and variable products with variations)", () => {
  it("imports simple and variable products; refuses grouped products and orphan variations", async () => {
    const report = await importCatalogCsv(db, fixture("woocommerce-products.csv"), { apply: true });
    expect(report.format).toBe("woocommerce");
    expect(report.refused.map((l) => [l.row, l.reason])).toEqual([
      [7, 'type "grouped" is not imported (simple, variable and variation are)'],
      [8, "its product (Parent id:999) is not a variable product earlier in the file"],
    ]);
    const tea = (await productBySlug("mountain-tea"))!;
    expect(tea.product.description).toBe(
      'Loose leaf, 50g.\n\nBrewed at 90°C.\n\nSteep 3 minutes, "no" sugar.',
    );
    expect(tea.product.imageUrls).toHaveLength(2);
    expect(tea.variants.map((v) => [v.sku, v.priceCents, v.stockQuantity, v.weightGrams])).toEqual([
      ["WOO-TEA", 950, 40, 50],
    ]);
    const honey = (await productBySlug("wild-honey"))!;
    expect(honey.options.map((o) => [o.name, o.values])).toEqual([["Size", ["250g", "500g"]]]);
    expect(
      honey.variants.map((v) => [v.sku, v.priceCents, v.compareAtCents, v.stockQuantity, v.soldOut]),
    ).toEqual([
      ["WOO-HONEY-250", 1100, 1200, 7, false],
      ["WOO-HONEY-500", 2000, null, null, true],
    ]);
    expect((await productBySlug("draft-soap"))!.product.status).toBe("draft");
  });
});

describe("export", () => {
  it("writes Shopify's format that imports into an empty shop as the same catalog (round trip)", async () => {
    const csv = await new Response(
      streamCsv(catalogCsvExport(db, { publicUrl: PUBLIC_URL, batchSize: 2 })),
    ).text();
    const empty = await createTestDatabase();
    try {
      const report = await importCatalogCsv(empty.db, [csv], { apply: true, publicUrl: PUBLIC_URL });
      expect(report.counts).toEqual({ created: await db.$count(products), updated: 0, refused: 0 });
      expect(await catalogOf(empty.db)).toEqual(await catalogOf(db));
    } finally {
      await empty.destroy();
    }
  });

  it("neutralises formulas in cells (an imported title starting with =)", async () => {
    const csv = await new Response(streamCsv(catalogCsvExport(db, { publicUrl: PUBLIC_URL }))).text();
    expect(csv).toContain(`equals-sign,"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/(^|,)[=@+-][A-Z]/m);
  });
});

/** Everything the CSV carries, per product, by slug (ids and times differ between shops). */
async function catalogOf(target: Db) {
  const rows = await target.select().from(products).orderBy(asc(products.slug));
  const all = [];
  for (const p of rows) {
    const variants = await target
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, p.id))
      .orderBy(asc(productVariants.position));
    const options = await target
      .select({ name: productOptions.name, values: productOptions.values })
      .from(productOptions)
      .where(eq(productOptions.productId, p.id))
      .orderBy(asc(productOptions.position));
    all.push({
      slug: p.slug,
      name: p.name,
      description: p.description,
      status: p.status,
      tags: p.tags,
      images: [p.imageUrl, ...p.imageUrls],
      seo: [p.seoTitle, p.seoDescription],
      options,
      variants: variants.map((v) => [
        v.sku,
        v.title,
        v.optionValues,
        v.priceCents,
        v.compareAtCents,
        v.weightGrams,
        v.stockQuantity,
        v.gtin,
        v.imageUrl,
        v.archivedAt === null,
      ]),
    });
  }
  return all;
}
