import { and, asc, desc, inArray, type SQL, sql } from "drizzle-orm";
import { carrierDisplayName } from "../../core/orders/shipment.ts";
import { type CsvValue, csvDate, csvDollars } from "../../core/text/csv.ts";
import type { Db, Tx } from "../db/client.ts";
import { keyText, nextKey, olderThan, type TimeKey } from "../db/keyset.ts";
import { bulkOrderItems, orderItems, orders } from "../db/schema/index.ts";
import { type OrderFilter, orderFilterWhere } from "../orders/order-filter.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "./csv-stream.ts";

export const ORDER_CSV_HEADER = [
  "Order ID",
  "Created at",
  "Paid at",
  "Status",
  "Payment status",
  "Purchase type",
  "Provider",
  "Payment method",
  "Customer name",
  "Email",
  "Phone",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "Postal code",
  "Country",
  "Coupon",
  "Subtotal",
  "Volume discount",
  "Subscription discount",
  "Coupon discount",
  "Shipping",
  "Tax",
  "Total",
  "Refunded",
  "Items",
  "Carrier",
  "Tracking number",
] as const;

export type OrderExportOptions = {
  /** The admin list's filter (its sort is not used: the file is always newest first). */
  filter?: OrderFilter;
  search?: string;
  /** Only the orders of this bulk selection (Orders Management's "Export selected"). */
  selectionId?: string;
  batchSize?: number;
};

const columns = {
  id: orders.id,
  // As PostgreSQL prints it, with microseconds: the keyset position (decision 006).
  key: keyText(orders.createdAt),
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  purchaseType: orders.purchaseType,
  provider: orders.provider,
  paymentMethod: orders.paymentMethod,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  address: orders.shippingAddress,
  couponCode: orders.couponCode,
  subtotalCents: orders.subtotalCents,
  volumeDiscountCents: orders.volumeDiscountCents,
  subscriptionDiscountCents: orders.subscriptionDiscountCents,
  couponDiscountCents: orders.couponDiscountCents,
  shippingCents: orders.shippingCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  carrier: orders.carrier,
  carrierName: orders.carrierName,
  trackingNumber: orders.trackingNumber,
};
type OrderRow = Awaited<ReturnType<typeof readOrders>>[number];

/**
 * The admin order list (paid orders, the same filter) as CSV, newest first, read in keyset batches
 * on the (created_at, id) index: batch n costs what batch 1 does, at a million orders too.
 */
export function orderCsvExport(db: Db, options: OrderExportOptions = {}): CsvExport<TimeKey> {
  const search = options.search?.slice(0, 200);
  const where = and(
    orderFilterWhere({ ...options.filter, ...(search !== undefined && { q: search }) }),
    inSelection(options.selectionId),
  );
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  return {
    header: ORDER_CSV_HEADER,
    readBatch: (cursor) =>
      db.transaction(async (tx) => {
        // Searches are planned with their pattern (see listAdminOrders).
        await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
        const rows = await readOrders(tx, where, cursor, size);
        const items = await itemSummaries(
          tx,
          rows.map((r) => r.id),
        );
        return {
          rows: rows.map((row) => orderCsvRow(row, items.get(row.id) ?? "")),
          next: nextKey(rows, size),
        };
      }),
  };
}

function inSelection(selectionId: string | undefined): SQL | undefined {
  if (selectionId === undefined) return undefined;
  return inArray(
    orders.id,
    sql`(select ${bulkOrderItems.orderId} from ${bulkOrderItems} where ${bulkOrderItems.requestId} = ${selectionId})`,
  );
}

function readOrders(tx: Tx, where: SQL | undefined, after: TimeKey | null, size: number) {
  return tx
    .select(columns)
    .from(orders)
    .where(and(where, olderThan(orders.createdAt, orders.id, after, "uuid")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size);
}

/** "Name 30g × 2 (SKU); …" per order of the batch, in one query. */
async function itemSummaries(tx: Tx, orderIds: string[]): Promise<Map<string, string>> {
  const summaries = new Map<string, string>();
  if (orderIds.length === 0) return summaries;
  const rows = await tx
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      weight: orderItems.weight,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.name));
  for (const item of rows) {
    const label = [item.name, item.weight].filter(Boolean).join(" ");
    const line = `${label} × ${item.quantity}${item.sku ? ` (${item.sku})` : ""}`;
    const before = summaries.get(item.orderId);
    summaries.set(item.orderId, before ? `${before}; ${line}` : line);
  }
  return summaries;
}

function orderCsvRow(row: OrderRow, items: string): CsvValue[] {
  const a = row.address;
  return [
    row.id,
    csvDate(row.createdAt),
    csvDate(row.paidAt),
    row.status,
    row.paymentStatus,
    row.purchaseType,
    row.provider,
    row.paymentMethod,
    row.name,
    row.email,
    row.phone,
    a?.line1,
    a?.line2,
    a?.city,
    a?.state,
    a?.postalCode,
    a?.country,
    row.couponCode,
    csvDollars(row.subtotalCents),
    csvDollars(row.volumeDiscountCents),
    csvDollars(row.subscriptionDiscountCents),
    csvDollars(row.couponDiscountCents),
    csvDollars(row.shippingCents),
    csvDollars(row.taxCents),
    csvDollars(row.totalCents),
    csvDollars(row.refundedCents),
    items,
    row.carrier ? carrierDisplayName(row.carrier, row.carrierName) : "",
    row.trackingNumber,
  ];
}
