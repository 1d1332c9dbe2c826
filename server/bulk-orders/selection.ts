import { and, inArray, sql } from "drizzle-orm";
import { MAX_BULK_ORDERS } from "../../core/orders/bulk-orders.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { orderFilterWhere, parseOrderFilter } from "../orders/order-filter.ts";

/**
 * What a bulk action applies to: rows ticked on the page (their ids), or every order matching the
 * list's current filter ("all N matching"), given as the list's query string.
 */
export type Selection = { orderIds: string[] } | { matching: { query: string } };

/** Paid orders only (every bulk action, like every list). */
export const paidOrders = () => orderFilterWhere({});

export const tooMany = (count: number | string) =>
  new InvalidInputError(
    {
      title: "Too many orders",
      description: `At most ${MAX_BULK_ORDERS.toLocaleString("en-US")} orders at once (${count} selected). Narrow the search and apply it in parts.`,
    },
    { orderIds: [`Select at most ${MAX_BULK_ORDERS.toLocaleString("en-US")} orders`] },
  );

export const nothingSelected = () =>
  new InvalidInputError(
    { title: "No orders selected", description: "Select the orders to apply this to." },
    { orderIds: ["Select at least one order"] },
  );

/**
 * The paid orders of a selection, newest first, deduplicated; ids that are no paid order (unknown,
 * unpaid, malformed) are left out. More than MAX_BULK_ORDERS is refused before any work.
 */
export async function resolveSelection(db: Db, selection: Selection): Promise<string[]> {
  if ("orderIds" in selection) {
    const ids = [...new Set(selection.orderIds)];
    if (ids.length > MAX_BULK_ORDERS) throw tooMany(ids.length.toLocaleString("en-US"));
    const wellFormed = ids.filter(isUuid);
    if (wellFormed.length === 0) throw nothingSelected();
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(paidOrders(), inArray(orders.id, wellFormed)))
      .orderBy(sql`${orders.createdAt} desc`);
    if (rows.length === 0) throw nothingSelected();
    return rows.map((r) => r.id);
  }
  // The same filter the list shows (server/orders/order-filter.ts); bad values are left out there too.
  const { filter } = parseOrderFilter(new URLSearchParams(selection.matching.query.slice(0, 2000)));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilterWhere(filter))
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(MAX_BULK_ORDERS + 1);
  if (rows.length > MAX_BULK_ORDERS) throw tooMany(`more than ${MAX_BULK_ORDERS.toLocaleString("en-US")}`);
  if (rows.length === 0) throw nothingSelected();
  return rows.map((r) => r.id);
}
