import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import {
  BULK_FIELDS,
  type BulkField,
  type CellValue,
  cellKey,
  checkCell,
  MAX_BULK_VARIANTS,
  STOCK_REASONS,
  type StockReasonValue,
} from "../../core/catalog/bulk-edit.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { changeStockTo } from "../stock/adjust.ts";
import { productSnapshot } from "./audit-snapshot.ts";

/** The grid's save: the changed cells only, and the reason recorded with any stock change. */
export const bulkEditInput = z.object({
  changes: z
    .array(
      z.object({
        variantId: z.string().max(64),
        field: z.enum(BULK_FIELDS),
        value: z.string().max(40, "Too long"),
      }),
    )
    .min(1, "Change at least one cell before saving"),
  stockReason: z
    .enum(STOCK_REASONS.map((r) => r.value) as [StockReasonValue, ...StockReasonValue[]])
    .optional(),
});
export type BulkEditInput = z.output<typeof bulkEditInput>;

/** The variants of the chosen products, for the grid (live ones, in each product's order). */
export async function loadBulkVariants(db: Db, productIds: string[]) {
  const ids = [...new Set(productIds.filter(isUuid))].slice(0, MAX_BULK_VARIANTS);
  if (ids.length === 0) return [];
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      status: products.status,
      title: productVariants.title,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      compareAtCents: productVariants.compareAtCents,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(products.id, ids), isNull(productVariants.archivedAt)))
    .orderBy(
      asc(products.name),
      asc(products.id),
      asc(productVariants.position),
      asc(productVariants.createdAt),
    )
    .limit(MAX_BULK_VARIANTS);
}

const tooMany = (n: number) =>
  new InvalidInputError({
    title: "Too many variants",
    description: `At most ${MAX_BULK_VARIANTS} variants can be saved at once; this save has ${n.toLocaleString("en-US")}. Save them in smaller groups.`,
  });

type Locked = Awaited<ReturnType<typeof lockVariants>>[number];
type Plan = Map<string, Partial<Record<BulkField, CellValue>>>;

/**
 * Saves the grid in one transaction: every cell is checked first (checkCell, plus the rules
 * between cells and the rows that no longer exist), and one bad cell saves nothing, its message
 * keyed `${variantId}:${field}`. Stock moves through the stock ledger with the reason; a status
 * is its product's. Saving the same grid twice changes nothing the second time.
 */
export async function saveBulkEdit(db: Db, input: BulkEditInput, actorId: string | null) {
  const variantIds = [...new Set(input.changes.map((c) => c.variantId))];
  if (variantIds.length > MAX_BULK_VARIANTS) throw tooMany(variantIds.length);
  return db.transaction(async (tx) => {
    const rows = await lockVariants(tx, variantIds.filter(isUuid));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const { plan, errors } = planChanges(input, byId);
    if (Object.keys(errors).length > 0)
      throw new InvalidInputError(
        {
          title: "Nothing was saved",
          description: `${Object.keys(errors).length} cell(s) need fixing: see the messages in the grid.`,
        },
        errors,
      );
    const productIds = [...new Set([...plan.keys()].map((id) => byId.get(id)!.productId))];
    const before = await snapshots(tx, productIds);
    await applyPlan(tx, plan, byId, input.stockReason ?? "adjustment", actorId);
    await recordBulkEdit(tx, before);
    return { variants: plan.size };
  });
}

function lockVariants(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: productVariants.title,
      name: products.name,
      priceCents: productVariants.priceCents,
      compareAtCents: productVariants.compareAtCents,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.id))
    .for("no key update", { of: productVariants });
}

function planChanges(input: BulkEditInput, byId: Map<string, Locked>) {
  const errors: Record<string, string[]> = {};
  const plan: Plan = new Map();
  const statusOf = new Map<string, CellValue>();
  for (const { variantId, field, value } of input.changes) {
    const key = cellKey(variantId, field);
    const row = byId.get(variantId);
    if (!row) {
      errors[key] = ["This variant no longer exists"];
      continue;
    }
    const checked = checkCell(field, value);
    if (!checked.ok) {
      errors[key] = [checked.message];
      continue;
    }
    if (field === "status") {
      const earlier = statusOf.get(row.productId);
      if (earlier !== undefined && earlier !== checked.value) {
        errors[key] = ["Another row of this product sets a different status"];
        continue;
      }
      statusOf.set(row.productId, checked.value);
    }
    if (field === "stock" && !input.stockReason) errors[key] = ["Choose a reason for the stock change"];
    plan.set(variantId, { ...plan.get(variantId), [field]: checked.value });
  }
  // The "was" price must stay above the price it is shown against.
  for (const [variantId, cells] of plan) {
    const row = byId.get(variantId)!;
    const price = (cells.price as number | undefined) ?? row.priceCents;
    const compareAt = cells.compareAt === undefined ? row.compareAtCents : (cells.compareAt as number | null);
    if (compareAt !== null && compareAt <= price && ("compareAt" in cells || "price" in cells))
      errors[cellKey(variantId, "compareAt" in cells ? "compareAt" : "price")] = [
        "Compare-at price must be above the price",
      ];
  }
  return { plan, errors };
}

async function applyPlan(
  tx: Tx,
  plan: Plan,
  byId: Map<string, Locked>,
  reason: StockReasonValue,
  actorId: string | null,
) {
  const touched = new Set<string>();
  for (const [variantId, cells] of plan) {
    const row = byId.get(variantId)!;
    touched.add(row.productId);
    const prices = {
      ...(cells.price !== undefined ? { priceCents: cells.price as number } : {}),
      ...(cells.compareAt !== undefined ? { compareAtCents: cells.compareAt as number | null } : {}),
    };
    if (Object.keys(prices).length > 0)
      await tx.update(productVariants).set(prices).where(eq(productVariants.id, variantId));
    if (cells.stock !== undefined)
      await changeStockTo(
        tx,
        { ...row, name: `${row.name} (${row.title})` },
        cells.stock as number,
        reason,
        "Bulk edit",
        actorId,
      );
    if (cells.status !== undefined) {
      const status = cells.status as "draft" | "active" | "archived";
      await tx
        .update(products)
        .set(status === "draft" ? { status } : { status, publishAt: null })
        .where(eq(products.id, row.productId));
    }
  }
  await syncProductSummary(tx, [...touched]);
}

async function snapshots(tx: Tx, productIds: string[]) {
  const entries = await Promise.all(
    productIds.map(async (id) => [id, await productSnapshot(tx, id)] as const),
  );
  return new Map(entries);
}

/**
 * One entry per product the grid changed, its fields before → after like a product save (so it
 * reads in the product's history as "SKU priceCents: 3900 → 4200"); stock cells also have their
 * own "stock" entry from the stock ledger, with the reason.
 */
async function recordBulkEdit(tx: Tx, before: Map<string, Record<string, unknown> | null>) {
  for (const [id, was] of before) {
    const now = await productSnapshot(tx, id);
    await recordChange(tx, {
      entityType: "product",
      entityId: id,
      entityLabel: String(now?.name ?? ""),
      action: "bulk-edit",
      before: was,
      after: now,
    });
  }
}
