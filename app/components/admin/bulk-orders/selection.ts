/** What the orders page has selected: ticked rows, or every order matching the filter (`query`: the list's URL query). */
export type OrderSelection = { ids: string[]; matching: boolean; query: string; count: number };

/** The selection as form fields for the bulk actions (server/bulk-orders/selection.ts reads them). */
export function selectionFields(selection: OrderSelection): Record<string, string> {
  return selection.matching
    ? { matching: "1", filter: selection.query }
    : { orderIds: selection.ids.join(",") };
}

/** A fresh idempotency key: one per submitted form, so a double click is one request. */
export const newBulkKey = () => crypto.randomUUID();
