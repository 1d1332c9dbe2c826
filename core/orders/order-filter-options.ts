/**
 * The choices of the admin orders filter, shared by the filter form (browser) and its parser
 * (server/orders/order-filter.ts, which owns their meaning). Pure data.
 */
export const ORDER_STATUS_CHOICES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export const PAYMENT_FILTERS = ["paid", "refunded", "partially_refunded"] as const;
export const FULFILMENT_FILTERS = ["unfulfilled", "shipped", "delivered"] as const;
export const PURCHASE_TYPES = ["one_time", "subscription"] as const;
export const NOTE_FILTERS = ["yes", "no"] as const;
export const ORDER_SORTS = ["newest", "oldest"] as const;

export const filterChoiceLabels: Record<string, string> = {
  paid: "Paid (nothing refunded)",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  unfulfilled: "Unfulfilled",
  shipped: "Shipped",
  delivered: "Delivered",
  one_time: "One-time",
  subscription: "Subscription",
  yes: "Has a note",
  no: "No note",
  newest: "Newest first",
  oldest: "Oldest first",
};
