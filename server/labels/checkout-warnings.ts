import { and, eq, inArray } from "drizzle-orm";
import { prop65WarningText } from "../../core/legal/prop65.ts";
import type { PostalAddress } from "../../core/orders/address.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderProp65Warnings, productLabels, products } from "../db/schema/index.ts";
import { prop65WarningHtml } from "./label-html.ts";
import { prop65Of } from "./labels.ts";
import { getLabelSettings } from "./settings.ts";

/** One warning the checkout shows for one flagged product in the cart. */
export type CheckoutWarning = { productId: string; productName: string; text: string; html: string };

/**
 * The Prop 65 warnings of the cart's flagged products that this buyer must see before paying
 * (27 CCR 25602(b), a sale over the internet): for an address in California, or for everyone when
 * the owner chose so.
 */
export async function prop65WarningsFor(
  db: Db,
  productIds: Array<string | null>,
  address: Pick<PostalAddress, "state"> | null,
): Promise<CheckoutWarning[]> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return [];
  const settings = await getLabelSettings(db);
  if (settings.prop65Audience === "california" && address?.state !== "CA") return [];
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      prop65Warning: productLabels.prop65Warning,
      prop65Chemicals: productLabels.prop65Chemicals,
      prop65Endpoint: productLabels.prop65Endpoint,
    })
    .from(productLabels)
    .innerJoin(products, eq(products.id, productLabels.productId))
    .where(and(inArray(productLabels.productId, ids), eq(productLabels.prop65Warning, true)))
    .orderBy(products.name);
  return rows.flatMap((row) => {
    const prop65 = prop65Of(row);
    if (!prop65) return [];
    const text = prop65WarningText(prop65.chemicals, prop65.endpoint);
    const html = prop65WarningHtml(prop65.chemicals, prop65.endpoint);
    return [{ productId: row.productId, productName: row.productName, text, html }];
  });
}

/** The checkout's warning box as HTML (each distinct wording once); "" when there is none. */
export function checkoutWarningsHtml(warnings: CheckoutWarning[]): string {
  if (warnings.length === 0) return "";
  const distinct = [...new Set(warnings.map((w) => w.html))].join("");
  return `<section class="label-checkout-prop65" aria-label="California Proposition 65 warning">${distinct}</section>`;
}

/** The checkout page's box for this cart and address. */
export async function checkoutProp65Html(
  db: Db,
  lines: Array<{ productId: string | null }>,
  address: Pick<PostalAddress, "state"> | null,
): Promise<string> {
  return checkoutWarningsHtml(
    await prop65WarningsFor(
      db,
      lines.map((l) => l.productId),
      address,
    ),
  );
}

/** Records, with the order, which warnings the buyer was shown and when (one row per product). */
export async function recordShownWarnings(
  tx: Tx,
  orderId: string,
  warnings: CheckoutWarning[],
  shownAt: Date,
): Promise<void> {
  if (warnings.length === 0) return;
  await tx.insert(orderProp65Warnings).values(
    warnings.map((w) => ({
      orderId,
      productId: w.productId,
      productName: w.productName,
      warningText: w.text,
      shownAt,
    })),
  );
}

/** What an order recorded (oldest first): for the admin and the tests. */
export function warningsShownWithOrder(db: Db, orderId: string) {
  return db
    .select({
      productName: orderProp65Warnings.productName,
      warningText: orderProp65Warnings.warningText,
      shownAt: orderProp65Warnings.shownAt,
    })
    .from(orderProp65Warnings)
    .where(eq(orderProp65Warnings.orderId, orderId))
    .orderBy(orderProp65Warnings.shownAt, orderProp65Warnings.productName);
}
