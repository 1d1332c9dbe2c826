import type { ItemsChange } from "../../core/forms/subscription-change-form.ts";
import { InvalidInputError } from "../errors.ts";
import { repriceItems } from "./reprice.ts";
import { applyChange, type ChangeTarget, requireRenewing, type SelfServiceDeps } from "./self-service.ts";

const sameItems = (a: { variantId?: string; quantity: number }[], b: ItemsChange) =>
  a.length === b.length &&
  b.every((line) => a.some((item) => item.variantId === line.variantId && item.quantity === line.quantity));

/**
 * New quantities, sizes or products from the next renewal on, priced from today's catalog
 * (repriceItems); the provider's recurring charge is replaced without proration. The renewal
 * under way, if any, keeps the old items (it holds the row lock first).
 */
export function changeSubscriptionItems(deps: SelfServiceDeps, target: ChangeTarget, change: ItemsChange) {
  return applyChange(deps, target, "change_items", async (row, _now, tx) => {
    requireRenewing(row);
    if (sameItems(row.items, change)) {
      throw new InvalidInputError({ title: "Nothing changed", description: "These are already your items." });
    }
    const priced = await repriceItems(tx, row, change);
    return {
      set: {
        items: priced.items,
        discountBasisPoints: priced.discountBasisPoints,
        monthlyTotalCents: priced.monthlyTotalCents,
      },
      provider: (changer) => changer.changeItems(row, priced.lines),
    };
  });
}
