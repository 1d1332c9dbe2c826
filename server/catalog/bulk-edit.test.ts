import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BULK_VARIANTS } from "../../core/catalog/bulk-edit.ts";
import { createProduct, createVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { products, productVariants, stockMovements } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { type BulkEditInput, loadBulkVariants, saveBulkEdit } from "./bulk-edit.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const variantOf = async (productId: string) =>
  (await database.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0]!;

async function refusal(input: BulkEditInput) {
  const error = await saveBulkEdit(database.db, input, null).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return error as InvalidInputError;
}

describe("bulk edit of variants", () => {
  it("saves prices, compare-at, stock through the ledger and status in one go", async () => {
    const { db } = database;
    const a = await createProduct(db, { status: "draft" });
    const b = await createProduct(db);
    const second = await createVariant(db, b, { title: "100g", priceCents: 9000 });
    const [va, vb] = [await variantOf(a.id), await variantOf(b.id)];
    const rows = await loadBulkVariants(db, [a.id, b.id, "not-an-id"]);
    expect(rows.map((r) => r.variantId).sort()).toEqual([va.id, vb.id, second.id].sort());

    const result = await saveBulkEdit(
      db,
      {
        changes: [
          { variantId: va.id, field: "price", value: "12.50" },
          { variantId: va.id, field: "compareAt", value: "15" },
          { variantId: va.id, field: "stock", value: "40" },
          { variantId: va.id, field: "status", value: "active" },
          { variantId: second.id, field: "price", value: "$80.00" },
        ],
        stockReason: "received",
      },
      null,
    );
    expect(result.variants).toBe(2);
    expect(await variantOf(a.id)).toMatchObject({
      priceCents: 1250,
      compareAtCents: 1500,
      stockQuantity: 40,
    });
    const [moved] = await db.select().from(stockMovements).where(eq(stockMovements.variantId, va.id));
    expect(moved).toMatchObject({ delta: 40, quantityAfter: 40, reason: "received" });
    const [productA] = await db.select().from(products).where(eq(products.id, a.id));
    expect(productA).toMatchObject({ status: "active", priceCents: 1250 });
    const [productB] = await db.select().from(products).where(eq(products.id, b.id));
    expect(productB!.priceMaxCents).toBe(8000);

    // The same save again changes nothing more (no second movement).
    await saveBulkEdit(
      db,
      { changes: [{ variantId: va.id, field: "stock", value: "40" }], stockReason: "received" },
      null,
    );
    expect(await db.select().from(stockMovements).where(eq(stockMovements.variantId, va.id))).toHaveLength(1);
  });

  it("saves nothing when one cell is wrong, with each message at its cell", async () => {
    const { db } = database;
    const p = await createProduct(db);
    const v = await variantOf(p.id);
    const gone = crypto.randomUUID();
    const error = await refusal({
      changes: [
        { variantId: v.id, field: "price", value: "-5" },
        { variantId: v.id, field: "stock", value: "7" },
        { variantId: gone, field: "price", value: "1.00" },
        { variantId: "../../etc", field: "status", value: "active" },
      ],
    });
    expect(error.fieldErrors).toEqual({
      [`${v.id}:price`]: ["Price cannot be negative"],
      [`${v.id}:stock`]: ["Choose a reason for the stock change"],
      [`${gone}:price`]: ["This variant no longer exists"],
      "../../etc:status": ["This variant no longer exists"],
    });
    expect(await variantOf(p.id)).toMatchObject({ priceCents: v.priceCents, stockQuantity: v.stockQuantity });
  });

  it("refuses absurd prices, a compare-at below the price and bad stock per cell", async () => {
    const { db } = database;
    const p = await createProduct(db);
    const v = await variantOf(p.id);
    const error = await refusal({
      changes: [
        { variantId: v.id, field: "price", value: "99999999" },
        { variantId: v.id, field: "stock", value: "1.5" },
      ],
      stockReason: "correction",
    });
    expect(error.fieldErrors[`${v.id}:price`]).toEqual(["Price must be at most $1,000,000.00"]);
    expect(error.fieldErrors[`${v.id}:stock`]?.[0]).toMatch(/whole number/);
    const below = await refusal({ changes: [{ variantId: v.id, field: "compareAt", value: "1.00" }] });
    expect(below.fieldErrors[`${v.id}:compareAt`]).toEqual(["Compare-at price must be above the price"]);
  });

  it("refuses more than the limit of variants in one save before touching the database", async () => {
    const changes = Array.from({ length: MAX_BULK_VARIANTS + 1 }, () => ({
      variantId: crypto.randomUUID(),
      field: "price" as const,
      value: "1.00",
    }));
    const error = await refusal({ changes });
    expect(error.userMessage.description).toMatch(`At most ${MAX_BULK_VARIANTS} variants`);
  });
});
