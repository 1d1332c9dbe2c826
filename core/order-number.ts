/**
 * How an order is named to people (issue 31): its short sequential number (#1001), drawn when it
 * was paid; the id's first 8 characters only for an order without one (never paid). The id stays
 * the internal key in URLs and tables.
 */
export function orderLabel(order: { id: string; number: number | null }): string {
  return order.number != null ? String(order.number) : order.id.slice(0, 8);
}
