import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  productInputSchema,
  updateAdminProduct,
} from "../../server/catalog/admin-products.ts";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
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

const valid = {
  name: "Gold Grade Resin",
  price: "49.99",
  weightType: "30g",
  imageUrls: ["/uploads/a.webp", "  ", ""],
  tags: ["resin", "", "gold"],
  seoKeywords: [""],
  seoTitle: "Gold Grade Resin | Peak Shilajit",
  seoDescription: "Gold grade.",
  initialViewCount: "120",
  soldOut: "on",
};

describe("productInputSchema", () => {
  it("turns dollars into cents, drops blank list entries and reads the switch", () => {
    const parsed = form(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      price: 4999,
      weightType: "30g",
      imageUrls: ["/uploads/a.webp"],
      tags: ["resin", "gold"],
      seoKeywords: [],
      soldOut: true,
      initialViewCount: 120,
    });
  });

  it("requires name and price, price in steps of 0.01, SEO limits 60/160, safe image URLs", () => {
    const errors = (fields: Record<string, string | string[]>) =>
      form(fields).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];
    expect(errors({ ...valid, name: " ", price: "" })).toEqual([
      "name: Name is required",
      "price: Price is required",
    ]);
    expect(errors({ ...valid, price: "1.234" })).toEqual([
      "price: Price must be a positive amount in steps of 0.01",
    ]);
    expect(errors({ ...valid, price: "-3" })).toHaveLength(1);
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
      form({ ...valid, name: "Summit Drops XL", initialViewCount: "5", price: "10" }).data!,
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
