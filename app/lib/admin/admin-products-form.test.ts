import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  productInputSchema,
  updateAdminProduct,
} from "~server/catalog/admin-products.ts";
import { createProduct } from "../../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { productFormValues } from "./admin-form-values.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return productInputSchema.safeParse(productFormValues(data));
}

// Price, weight and sold-out moved to the variant rows (one option "Size", one variant here).
const valid = {
  name: "Gold Grade Resin",
  "options.0.name": "Size",
  "options.0.values": "30g",
  "variants.0.values.0": "30g",
  "variants.0.price": "49.99",
  "variants.0.soldOut": "on",
  imageUrls: ["/uploads/a.webp", "  ", ""],
  tags: ["resin", "", "gold"],
  seoKeywords: [""],
  seoTitle: "Gold Grade Resin | Peak Shilajit",
  seoDescription: "Gold grade.",
  initialViewCount: "120",
};

describe("productInputSchema", () => {
  it("turns dollars into cents, drops blank list entries and reads the switch", () => {
    const parsed = form(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      options: [{ name: "Size", values: ["30g"] }],
      variants: [{ values: ["30g"], price: 4999, soldOut: true }],
      imageUrls: ["/uploads/a.webp"],
      tags: ["resin", "gold"],
      seoKeywords: [],
      initialViewCount: 120,
    });
  });

  it("requires name and price, price in steps of 0.01, SEO limits 60/160, safe image URLs", () => {
    const errors = (fields: Record<string, string | string[]>) =>
      form(fields).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(errors({ ...valid, name: " ", "variants.0.price": "" })).toEqual([
      "name: Name is required",
      "variants.0.price: Price is required",
    ]);
    expect(errors({ ...valid, "variants.0.price": "1.234" })).toEqual([
      "variants.0.price: Price must be a positive amount in steps of 0.01",
    ]);
    expect(errors({ ...valid, "variants.0.price": "-3" })).toHaveLength(1);
    expect(errors({ ...valid, seoTitle: "x".repeat(61) })).toEqual([
      "seoTitle: SEO title must be at most 60 characters",
    ]);
    expect(errors({ ...valid, seoDescription: "x".repeat(161) })).toEqual([
      "seoDescription: SEO description must be at most 160 characters",
    ]);
    expect(errors({ ...valid, imageUrl: "javascript:alert(1)" })).toHaveLength(1);
  });
});

describe("admin product changes", () => {
  it("creates with a unique slug from the name and the initial view count as views", async () => {
    await createProduct(database.db, { name: "Twin Resin", slug: "twin-resin" });
    const input = form({ ...valid, name: "Twin Resin" }).data!;
    const product = await createAdminProduct(database.db, input);
    expect(product).toMatchObject({ slug: "twin-resin-2", priceCents: 4999, viewCount: 120, soldOut: true });
    expect((await listAdminProducts(database.db))[0]!.id).toBe(product.id);
  });

  it("keeps the slug and view count when editing unless the slug is changed explicitly", async () => {
    const product = await createAdminProduct(database.db, form({ ...valid, name: "Summit Drops" }).data!);
    const renamed = await updateAdminProduct(
      database.db,
      product.id,
      form({ ...valid, name: "Summit Drops XL", initialViewCount: "5", "variants.0.price": "10" }).data!,
    );
    expect(renamed).toMatchObject({
      slug: "summit-drops",
      name: "Summit Drops XL",
      priceCents: 1000,
      viewCount: 120,
    });
    const reslugged = await updateAdminProduct(
      database.db,
      product.id,
      form({ ...valid, name: "Summit Drops XL", slug: "Summit Drops XL!" }).data!,
    );
    expect(reslugged?.slug).toBe("summit-drops-xl");
  });

  it("deletes, and answers not found for unknown ids", async () => {
    const product = await createProduct(database.db);
    expect(await deleteAdminProduct(database.db, product.id)).toBe(true);
    expect(await getAdminProduct(database.db, product.id)).toBeNull();
    expect(await deleteAdminProduct(database.db, "nope")).toBe(false);
    expect(await updateAdminProduct(database.db, crypto.randomUUID(), form(valid).data!)).toBeNull();
  });
});
