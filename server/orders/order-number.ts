import { sql } from "drizzle-orm";

/**
 * The next short order number (#1001, #1002…) from the one PostgreSQL sequence, so numbers stay
 * unique across instances. Set when an order becomes paid: unpaid attempts draw none.
 */
export const nextOrderNumber = () => sql<number>`nextval('order_number_seq')`;
