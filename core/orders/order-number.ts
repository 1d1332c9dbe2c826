/**
 * How an order is named to people (issue 31): its short sequential number (#1001), drawn when it
 * was paid; the id's first 8 characters only for an order without one (never paid). The id stays
 * the internal key in URLs and tables.
 */
export function orderLabel(order: { id: string; number: number | null }): string {
  return order.number != null ? String(order.number) : order.id.slice(0, 8);
}

/**
 * How a subscription is told apart, after the word "Subscription": by the number of the order that
 * started it ("for order #1001"); by the id's first 8 characters only before any order was paid.
 */
export function subscriptionRef(sub: { id: string; firstOrderNumber: number | null }): string {
  return sub.firstOrderNumber != null ? `for order #${sub.firstOrderNumber}` : `#${sub.id.slice(0, 8)}`;
}
