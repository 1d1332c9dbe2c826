import { and, eq, inArray } from "drizzle-orm";
import type { RefundRequest } from "../../core/forms/refund-form.ts";
import { paidPerLine, unitsRefundCents } from "../../core/orders/refunds.ts";
import { formatMoney } from "../../core/pricing/money.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderItems, type orders, type RefundLine, refunds } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/** A line of an order with what it was paid after discounts and how many units are still refundable. */
export type RefundableItem = OrderItem & {
  paidCents: number;
  refundedUnits: number;
  refundableUnits: number;
};

/** The order's lines with their paid amounts (core/orders/refunds.ts paidPerLine) and units refunded so far. */
export async function refundableItems(db: Db | Tx, order: Order): Promise<RefundableItem[]> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const paid = paidPerLine(items, order);
  const refunded = await refundedUnits(db, order.id);
  return items.map((item) => {
    const done = refunded.get(item.id) ?? 0;
    return {
      ...item,
      paidCents: paid.get(item.id) ?? 0,
      refundedUnits: done,
      refundableUnits: Math.max(0, item.quantity - done),
    };
  });
}

/** Units per order item in refunds that count or are under way (failed ones gave nothing back). */
async function refundedUnits(db: Db | Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending", "succeeded"])));
  const units = new Map<string, number>();
  for (const line of rows.flatMap((row) => row.lines)) {
    units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return units;
}

const refused = (field: string, description: string) =>
  new InvalidInputError({ title: "Refund not possible", description }, { [field]: [description] });

/**
 * The amount of a refund request and the lines it gives back, never more than `remaining`:
 * the whole remaining amount, the typed amount, or the refunded units' share of what their lines
 * were paid (unitsRefundCents). A line of another order, or more units than are left, is refused.
 */
export async function refundAmount(
  tx: Tx,
  order: Order,
  request: RefundRequest,
  remaining: number,
): Promise<{ amountCents: number; lines: RefundLine[] }> {
  if (remaining <= 0)
    throw refused(
      "form",
      "Nothing is left to refund on this order: it is refunded, or another refund of it is under way.",
    );
  if (request.mode === "full") return { amountCents: remaining, lines: [] };
  if (request.mode === "amount") {
    if (request.amount > remaining) {
      throw refused("amount", `At most ${formatMoney(remaining)} is left to refund on this order.`);
    }
    return { amountCents: request.amount, lines: [] };
  }
  const items = new Map((await refundableItems(tx, order)).map((item) => [item.id, item]));
  let amountCents = 0;
  const lines: RefundLine[] = [];
  for (const { orderItemId, quantity } of request.lines) {
    const item = items.get(orderItemId);
    if (!item) throw refused("lines", "This order has no such line.");
    if (quantity > item.refundableUnits) {
      throw refused("lines", `Only ${item.refundableUnits} of ${item.name} can still be refunded.`);
    }
    amountCents += unitsRefundCents(item.paidCents, item, quantity, item.refundedUnits);
    lines.push({ orderItemId, variantId: item.variantId, quantity });
  }
  if (new Set(request.lines.map((line) => line.orderItemId)).size !== request.lines.length) {
    throw refused("lines", "Each line may appear once.");
  }
  if (amountCents <= 0) throw refused("lines", "These units were paid nothing: there is nothing to refund.");
  // Amount refunds do not name lines, so lines can be worth more than what is left: cap them.
  return { amountCents: Math.min(amountCents, remaining), lines };
}
