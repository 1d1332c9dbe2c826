import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyRow, type OptionDraft, type VariantDraft } from "../../core/catalog/variant-drafts.ts";
import { createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems, products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { getAdminOrder } from "../orders/admin-list.ts";
import {
  createAdminProduct,
  deleteAdminProduct,
  listAdminProducts,
  productInputSchema,
  updateAdminProduct,
} from "./admin-products.ts";
import { loadAdminVariants } from "./admin-variants.ts";
import { loadProductVariants } from "./variants.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const row = (values: string[], fields: Partial<VariantDraft> = {}): VariantDraft => ({
  ...emptyRow(values, ""),
  price: "10.00",
  ...fields,
});

function parse(name: string, options: OptionDraft[], variants: VariantDraft[]) {
  return productInputSchema.safeParse({
    name,
    imageUrls: [],
    tags: [],
    seoTitle: "",
    seoDescription: "",
    seoKeywords: [],
    options,
    variants,
  });
}

function input(name: string, options: OptionDraft[], variants: VariantDraft[]) {
  const parsed = parse(name, options, variants);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const messages = (name: string, options: OptionDraft[], variants: VariantDraft[]) =>
  parse(name, options, variants).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

/** The field errors of a refused save. */
async function refusal(save: Promise<unknown>) {
  const error = await save.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return (error as InvalidInputError).fieldErrors;
}

const sizes = { name: "Size", values: "30g, 50g" };
const packs = { name: "Pack", values: "1, 3" };

describe("the options-and-variants rules", () => {
  it("names each broken rule on its row and field", () => {
    expect(messages("A", [sizes], [])).toEqual(["variants: Add at least one variant"]);
    expect(
      messages(
        "A",
        [sizes, packs, { name: "Flavour", values: "x" }, { name: "Colour", values: "y" }],
        [row(["30g", "1", "x", "y"])],
      ),
    ).toContain("options: A product has at most 3 options");
    expect(messages("A", [{ name: "Size", values: "30g, 30G" }], [row(["30g"])])).toEqual([
      "options.0.values: 30G is listed twice",
    ]);
    expect(
      messages(
        "A",
        [sizes],
        [
          row(["30g"], { sku: "ABC", price: "-1" }),
          row(["50g"], { sku: "abc", price: "5", compareAt: "5" }),
          row(["70g"], { price: "1.234" }),
          row(["30g"]),
        ],
      ),
    ).toEqual([
      "variants.0.price: Price must be a positive amount in steps of 0.01",
      "variants.2.price: Price must be a positive amount in steps of 0.01",
      "variants.1.sku: SKU abc is used by two variants",
      "variants.1.compareAt: Compare-at price must be above the price",
      "variants.2.values: Choose one value of each option",
      "variants.3.values: Another variant has the same values",
    ]);
    const id = crypto.randomUUID();
    expect(messages("A", [sizes], [row(["30g"], { id }), row(["50g"], { id })])).toEqual([
      "variants.1.id: This variant is listed twice",
    ]);
    const many = Array.from({ length: 101 }, (_, i) => row(["30g"], { sku: `S${i}` }));
    expect(messages("A", [sizes], many)).toContain("variants: A product has at most 100 variants");
  });
});

describe("saving options and variants", () => {
  it("creates a product with its variants in order and the summary in step", async () => {
    const product = await createAdminProduct(
      database.db,
      input(
        "Variant Resin",
        [sizes, packs],
        [
          row(["30g", "1"], { price: "20", compareAt: "25", weightGrams: "60", gtin: "12345678" }),
          row(["50g", "3"], { sku: "VR-50-3", price: "45.50", soldOut: true }),
        ],
      ),
    );
    expect(product).toMatchObject({
      priceCents: 2000,
      priceMaxCents: 4550,
      soldOut: false,
      weightType: "30g",
    });
    const { options, variants } = await loadProductVariants(database.db, product.id);
    expect(options).toEqual([
      { name: "Size", values: ["30g", "50g"] },
      { name: "Pack", values: ["1", "3"] },
    ]);
    expect(
      variants.map((v) => [v.sku, v.title, v.priceCents, v.compareAtCents, v.weightGrams, v.gtin]),
    ).toEqual([
      ["VARIANT-RESIN-30G-1", "30g / 1", 2000, 2500, 60, "12345678"],
      ["VR-50-3", "50g / 3", 4550, null, null, null],
    ]);
    const listed = (await listAdminProducts(database.db)).find((p) => p.id === product.id);
    expect(listed?.variantCount).toBe(2);
  });

  it("updates by id, reorders, swaps SKUs and rewrites the options in one save", async () => {
    const product = await createAdminProduct(
      database.db,
      input("Swap Resin", [sizes], [row(["30g"], { sku: "SW-A" }), row(["50g"], { sku: "SW-B" })]),
    );
    const [a, b] = (await loadAdminVariants(database.db, product.id)).variants;
    await updateAdminProduct(
      database.db,
      product.id,
      input(
        "Swap Resin",
        [{ name: "Weight", values: "30g, 50g" }],
        [row(["50g"], { id: b!.id, sku: "SW-A", price: "12" }), row(["30g"], { id: a!.id, sku: "SW-B" })],
      ),
    );
    const after = await loadAdminVariants(database.db, product.id);
    expect(after.options).toEqual([{ name: "Weight", values: ["30g", "50g"] }]);
    expect(after.variants.map((v) => [v.id, v.sku, v.priceCents])).toEqual([
      [b!.id, "SW-A", 1200],
      [a!.id, "SW-B", 1000],
    ]);
  });

  it("refuses a SKU of another product, naming it, and a variant id of another product", async () => {
    const other = await createProduct(database.db, { name: "Other Resin", slug: "other-resin" });
    const [otherVariant] = (await loadAdminVariants(database.db, other.id)).variants;
    const product = await createAdminProduct(database.db, input("Mine", [sizes], [row(["30g"])]));
    const [mine] = (await loadAdminVariants(database.db, product.id)).variants;

    expect(
      await refusal(
        updateAdminProduct(
          database.db,
          product.id,
          input("Mine", [sizes], [row(["30g"], { id: mine!.id, sku: "OTHER-RESIN-30G" })]),
        ),
      ),
    ).toEqual({ "variants.0.sku": ["SKU OTHER-RESIN-30G is already used by Other Resin"] });
    expect(
      await refusal(
        updateAdminProduct(
          database.db,
          product.id,
          input("Mine", [sizes], [row(["30g"], { id: otherVariant!.id })]),
        ),
      ),
    ).toEqual({ "variants.0.id": ["This variant belongs to another product"] });
    // Nothing of either refused save was written.
    expect((await loadAdminVariants(database.db, other.id)).variants[0]).toMatchObject({
      sku: "OTHER-RESIN-30G",
    });
    expect((await loadAdminVariants(database.db, product.id)).variants).toMatchObject([
      { id: mine!.id, sku: mine!.sku },
    ]);
    // A refused create leaves no product behind.
    await refusal(
      createAdminProduct(database.db, input("Ghost", [sizes], [row(["30g"], { sku: "OTHER-RESIN-30G" })])),
    );
    expect(await database.db.select().from(products).where(eq(products.name, "Ghost"))).toEqual([]);
  });

  it("archives a removed variant that is in an order, deletes one that is not, and restores", async () => {
    const product = await createAdminProduct(
      database.db,
      input("Ordered Resin", [sizes], [row(["30g"], { price: "10" }), row(["50g"], { price: "30" })]),
    );
    const [sold, unsold] = (await loadAdminVariants(database.db, product.id)).variants;
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    await database.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      variantId: sold!.id,
      sku: sold!.sku,
      name: product.name,
      weight: sold!.title,
      unitPriceCents: 1000,
      quantity: 2,
      lineTotalCents: 2000,
    });

    await updateAdminProduct(
      database.db,
      product.id,
      input("Ordered Resin", [sizes], [row(["50g"], { id: unsold!.id, price: "30" })]),
    );
    let stored = await loadAdminVariants(database.db, product.id);
    expect(stored.variants.map((v) => [v.id, v.archivedAt !== null])).toEqual([
      [unsold!.id, false],
      [sold!.id, true],
    ]);
    // Off the storefront and out of the summary; the order still reads its line.
    expect((await loadProductVariants(database.db, product.id)).variants.map((v) => v.id)).toEqual([
      unsold!.id,
    ]);
    const [summary] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(summary).toMatchObject({ priceCents: 3000, priceMaxCents: 3000 });
    expect((await getAdminOrder(database.db, order.id))?.items).toMatchObject([
      { name: "Ordered Resin", weight: "30g" },
    ]);

    // Posted back archived it stays archived; restored it is live again.
    const archivedRow = row(["30g"], { id: sold!.id, sku: sold!.sku, archived: true });
    await updateAdminProduct(
      database.db,
      product.id,
      input("Ordered Resin", [sizes], [row(["50g"], { id: unsold!.id, price: "30" }), archivedRow]),
    );
    expect((await loadProductVariants(database.db, product.id)).variants).toHaveLength(1);
    await updateAdminProduct(
      database.db,
      product.id,
      input(
        "Ordered Resin",
        [sizes],
        [{ ...archivedRow, archived: false }, row(["50g"], { id: unsold!.id, price: "30" })],
      ),
    );
    stored = await loadAdminVariants(database.db, product.id);
    expect(stored.variants.map((v) => [v.id, v.archivedAt])).toEqual([
      [sold!.id, null],
      [unsold!.id, null],
    ]);

    // Removing the unordered one deletes it for good.
    await updateAdminProduct(
      database.db,
      product.id,
      input("Ordered Resin", [sizes], [row(["30g"], { id: sold!.id, sku: sold!.sku })]),
    );
    const gone = await database.db.select().from(productVariants).where(eq(productVariants.id, unsold!.id));
    expect(gone).toEqual([]);
  });

  it("deleting a product keeps its past orders readable from their snapshot", async () => {
    const product = await createProduct(database.db, { name: "Doomed Resin" });
    const [variant] = (await loadAdminVariants(database.db, product.id)).variants;
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    await database.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      variantId: variant!.id,
      sku: variant!.sku,
      name: "Doomed Resin",
      weight: "30g",
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
    expect(await deleteAdminProduct(database.db, product.id)).toBe(true);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({
      productId: null,
      variantId: null,
      sku: variant!.sku,
      name: "Doomed Resin",
      weight: "30g",
    });
    expect((await getAdminOrder(database.db, order.id))?.items).toMatchObject([
      { name: "Doomed Resin", lineTotalCents: 5999 },
    ]);
  });
});
