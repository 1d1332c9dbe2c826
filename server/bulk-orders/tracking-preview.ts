import { and, inArray } from "drizzle-orm";
import { type ShipmentInput, shipmentSchema } from "../../core/forms/shipment-form.ts";
import { carrierKey, MAX_BULK_ORDERS, type TrackingCsvRow } from "../../core/orders/bulk-orders.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import { paidOrders, tooMany } from "./selection.ts";

/** One row of the preview: what the file said, the order it names, and what is wrong (null: fine). */
export type ShipmentPreviewRow = {
  line: number;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  orderId: string | null;
  error: string | null;
  /** Fine but changes nothing (shipped already with this tracking). */
  note: string | null;
  shipment: ShipmentInput | null;
};

/**
 * Checks each row of a tracking upload (or the one-carrier form) against the orders: the number
 * names a paid order (among the selected ones when a selection is given), listed once, not
 * cancelled or delivered, with a carrier and tracking number the single ship form would take.
 * Nothing is changed here.
 */
export async function previewShipments(
  db: Db,
  rows: TrackingCsvRow[],
  selectedIds: string[] | null,
): Promise<ShipmentPreviewRow[]> {
  if (rows.length > MAX_BULK_ORDERS) throw tooMany(rows.length.toLocaleString("en-US"));
  const numbers = [...new Set(rows.map((r) => Number(r.orderNumber)).filter(isOrderNumber))];
  const found = numbers.length
    ? await db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
        })
        .from(orders)
        .where(and(paidOrders(), inArray(orders.number, numbers)))
    : [];
  const byNumber = new Map(found.map((o) => [o.number, o]));
  const selected = selectedIds ? new Set(selectedIds) : null;
  const firstLine = new Map<number, number>();
  return rows.map((row) => {
    const base = { ...row, orderId: null, note: null, shipment: null };
    const number = Number(row.orderNumber.replace(/^#/, ""));
    if (!isOrderNumber(number)) return { ...base, error: "Order number must be a number like 1001" };
    const order = byNumber.get(number);
    if (!order) return { ...base, error: `No paid order #${number}` };
    if (selected && !selected.has(order.id)) return { ...base, error: `Order #${number} is not selected` };
    const earlier = firstLine.get(number);
    if (earlier !== undefined) return { ...base, error: `Order #${number} is already on line ${earlier}` };
    firstLine.set(number, row.line);
    if (order.status === "cancelled" || order.status === "delivered")
      return { ...base, orderId: order.id, error: `Order #${number} is ${order.status}` };
    const key = carrierKey(row.carrier);
    const parsed = shipmentSchema.safeParse({
      carrier: key,
      carrierName: key === "other" ? row.carrier : undefined,
      trackingNumber: row.trackingNumber,
    });
    if (!parsed.success)
      return { ...base, orderId: order.id, error: parsed.error.issues[0]?.message ?? "Invalid" };
    const unchanged =
      order.status === "shipped" &&
      order.carrier === parsed.data.carrier &&
      order.trackingNumber === parsed.data.trackingNumber;
    return {
      ...base,
      orderId: order.id,
      error: null,
      note: unchanged ? "Already shipped with this tracking: nothing changes" : null,
      shipment: parsed.data,
    };
  });
}

const isOrderNumber = (n: number) => Number.isInteger(n) && n > 0 && n < 2 ** 31;

/**
 * The rows of the one-carrier form: every selected order with the carrier chosen for all and the
 * number typed on its line (`numbers` by order id), checked like an upload's rows.
 */
export async function oneCarrierRows(
  db: Db,
  selectedIds: string[],
  carrier: string,
  numbers: Map<string, string>,
): Promise<TrackingCsvRow[]> {
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(paidOrders(), inArray(orders.id, selectedIds)));
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  return selectedIds.map((id, i) => ({
    line: i + 1,
    orderNumber: String(numberOf.get(id) ?? ""),
    carrier,
    trackingNumber: numbers.get(id) ?? "",
  }));
}
