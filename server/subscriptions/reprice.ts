import { eq, inArray } from "drizzle-orm";
import { isSoldOut } from "../../core/catalog/stock.ts";
import type { ItemsChange } from "../../core/forms/subscription-change-form.ts";
import { type CartLineInput, priceCartLines } from "../../core/pricing/cart-pricing.ts";
import { subscriptionDiscountBasisPoints } from "../../core/pricing/checkout-pricing.ts";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db, Tx } from "../db/client.ts";
import { products, productVariants, type SubscriptionItem } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import type { PlannedLine } from "../payments/stripe/session-plan.ts";
import { monthlyLines } from "../payments/stripe/session-plan.ts";
import { freeUnits } from "../stock/availability.ts";

export type RepricedItems = {
  items: SubscriptionItem[];
  discountBasisPoints: number;
  monthlyTotalCents: number;
  /** The recurring charge as provider lines: the goods split over the items, then the tax. */
  lines: PlannedLine[];
};

const refuse = (message: string) =>
  new InvalidInputError({ title: "Items not changed", description: message }, { items: [message] });

/**
 * The new items of a subscription at today's prices, as a checkout would price them (decision
 * 042): each variant must still be sold (not archived, not sold out), a tracked variant must have
 * the units free for a line that is new or grows, the quantity tiers apply, then the subscription
 * rate for the new quantity (core/checkout-pricing) and the subscription's tax rate.
 */
export async function repriceItems(
  tx: Tx | Db,
  current: { items: SubscriptionItem[]; taxBasisPoints: number },
  change: ItemsChange,
): Promise<RepricedItems> {
  const rows = await tx
    .select({ product: products, variant: productVariants })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.id,
        change.map((line) => line.variantId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.variant.id, row]));
  const free = await freeUnits(
    tx as Db,
    rows.map((row) => row.variant),
  );
  const had = new Map(current.items.map((item) => [item.variantId, item.quantity]));
  const inputs: CartLineInput[] = change.map((line) => {
    const row = byId.get(line.variantId);
    if (!row || row.variant.archivedAt) throw refuse("One of the chosen products is no longer sold.");
    const name = `${row.product.name} (${row.variant.title})`;
    if (isSoldOut(row.variant)) throw refuse(`${name} is sold out.`);
    const left = free.get(row.variant.id);
    if (left !== undefined && line.quantity > (had.get(line.variantId) ?? 0) && line.quantity > left) {
      throw refuse(`Only ${left} of ${name} left.`);
    }
    return {
      lineId: row.variant.id,
      productId: row.product.id,
      variantId: row.variant.id,
      sku: row.variant.sku,
      slug: row.product.slug,
      name: row.product.name,
      weight: row.variant.title,
      quantity: line.quantity,
      unitPriceCents: row.variant.priceCents,
      imageUrl: row.variant.imageUrl ?? row.product.imageUrl ?? row.product.imageUrls[0] ?? null,
      status: "available",
      quantityTiers: row.product.quantityTiers,
    };
  });
  const priced = priceCartLines(inputs);
  const items: SubscriptionItem[] = priced.lines.map((line) => ({
    productId: line.productId ?? "",
    variantId: line.variantId ?? undefined,
    ...(line.sku ? { sku: line.sku } : {}),
    name: line.name,
    weight: line.weight,
    unitPriceCents: line.unitPriceCents ?? 0,
    quantity: line.quantity,
    ...(line.volumeDiscountCents > 0 ? { volumeDiscountCents: line.volumeDiscountCents } : {}),
    imageUrl: line.imageUrl,
  }));
  const discountBasisPoints = subscriptionDiscountBasisPoints("subscription", priced.quantity);
  const price = renewalPrice({ items, discountBasisPoints, taxBasisPoints: current.taxBasisPoints });
  const goods = monthlyLines(
    items.map((item) => ({ ...item, lineTotalCents: item.unitPriceCents * item.quantity })),
    price.goodsCents,
  );
  const tax = price.taxCents > 0 ? [{ name: "Sales tax", unitAmount: price.taxCents, quantity: 1 }] : [];
  return { items, discountBasisPoints, monthlyTotalCents: price.totalCents, lines: [...goods, ...tax] };
}
