import { and, eq, gt } from "drizzle-orm";
import { orders } from "../db/schema/index.ts";
import { type HoldRule, openSince } from "./hold-rule.ts";

/** SQL condition: an order still unpaid and within its payment window, so its holds count. */
export function openOrder(rule: HoldRule, now: Date) {
  return and(eq(orders.paymentStatus, "unpaid"), gt(orders.createdAt, openSince(rule, now)));
}
