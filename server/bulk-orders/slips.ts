import { asc, inArray } from "drizzle-orm";
import { MAX_PRINT_ORDERS, type PickLine, pickList } from "../../core/orders/bulk-orders.ts";
import type { Db } from "../db/client.ts";
import { orderItems } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { type AdminOrder, getAdminOrders } from "../orders/admin-list.ts";
import { requestOrderIds } from "./requests.ts";

export const tooManyToPrint = (count: number) =>
  new InvalidInputError(
    {
      title: "Too many packing slips",
      description: `Print at most ${MAX_PRINT_ORDERS} orders at once (${count.toLocaleString("en-US")} selected).`,
    },
    { orderIds: [`Select at most ${MAX_PRINT_ORDERS} orders to print`] },
  );

/**
 * The printable document of a selection: each order's packing slip (the single slip's data) and
 * the pick list, every item's quantity summed per SKU. Null when there is no such selection.
 */
export async function packingSlips(
  db: Db,
  requestId: string,
): Promise<{ orders: AdminOrder[]; pickList: PickLine[] } | null> {
  const ids = await requestOrderIds(db, requestId);
  if (ids.length === 0) return null;
  const slips = await getAdminOrders(db, ids.slice(0, MAX_PRINT_ORDERS));
  const items = await db
    .select({
      sku: orderItems.sku,
      name: orderItems.name,
      weight: orderItems.weight,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        slips.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.name));
  const lines = items.map((i) => ({
    sku: i.sku,
    name: [i.name, i.weight].filter(Boolean).join(" "),
    quantity: i.quantity,
  }));
  return { orders: slips, pickList: pickList(lines) };
}
