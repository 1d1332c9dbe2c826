import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PostalAddress } from "../../../core/orders/address.ts";
import type { PurchaseType } from "../../../core/pricing/checkout-pricing.ts";
import { user } from "./auth.ts";
import { products } from "./catalog.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { productVariants } from "./variants.ts";

/**
 * One cart per signed-in user (user_id) or per guest browser (the cart id lives in a cookie).
 * Prices are never stored: the cart is always priced from the current catalog.
 */
export const carts = pgTable(
  "carts",
  {
    id: id(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The address the checkout's first step took (validated); step 2 prices and pays for it. */
    checkoutAddress: jsonb("checkout_address").$type<PostalAddress>(),
    /**
     * A guest's optional email from the same step (an account's cart uses the account's): the
     * order's receipt goes there, and an abandoned cart may get one reminder (decision 044).
     */
    checkoutEmail: text("checkout_email"),
    /** The client address that typed `checkout_email`: guest reminders are capped per client (decision 051). */
    checkoutClientIp: text("checkout_client_ip"),
    /**
     * The coupon code the buyer applied: kept with the cart until removed, refused when the cart
     * is priced again, or used (emptied with the cart at fulfilment). Re-checked on every read.
     */
    couponCode: text("coupon_code"),
    /**
     * One-time or a monthly subscription, as chosen on the product page or in the cart (issue 31);
     * checkout starts from it. Only an account's cart holds "subscription" (server/cart/purchase-type.ts).
     */
    purchaseType: text("purchase_type").$type<PurchaseType>().notNull().default("one_time"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("carts_updated_at_idx").on(t.updatedAt),
    check("carts_purchase_type_check", sql`${t.purchaseType} in ('one_time', 'subscription')`),
  ],
);

/**
 * A line is one variant of a product. A deleted product or variant leaves the line flagged
 * (product_id / variant_id null); `weight` holds the variant title as it was added ("30ml").
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: id(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    weight: text("weight").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_lines_variant_idx").on(t.cartId, t.variantId),
    check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);
