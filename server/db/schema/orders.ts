import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Carrier } from "../../../core/orders/shipment.ts";
import { user } from "./auth.ts";
import { products } from "./catalog.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { productVariants } from "./variants.ts";

export const paymentStatus = pgEnum("payment_status", ["unpaid", "paid", "expired", "failed"]);
export const fulfilmentStatus = pgEnum("order_status", [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
]);
export const purchaseType = pgEnum("purchase_type", ["one_time", "subscription"]);
export const paymentMethod = pgEnum("payment_method", ["card", "paypal"]);
export const paymentProvider = pgEnum("payment_provider", ["sandbox", "stripe", "paypal"]);

export type ShippingAddress = {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** The person who paid, as a payment provider reports them. */
export type Buyer = { name: string; email: string; phone: string; address: ShippingAddress };

/**
 * The short order numbers customers and staff read (#1001, #1002…): one PostgreSQL sequence, so
 * every instance draws unique numbers. Drawn when the order is paid (server/paid-orders/fulfil.ts).
 */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1001 });

/**
 * An order exists from the moment checkout starts (payment_status = unpaid, invisible in every list)
 * and becomes visible once the idempotent fulfilment marks it paid.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    /** The short number (#1001) shown everywhere; null until paid. The id stays the internal key. */
    number: integer("number").unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    paymentStatus: paymentStatus("payment_status").notNull().default("unpaid"),
    status: fulfilmentStatus("status").notNull().default("pending"),
    purchaseType: purchaseType("purchase_type").notNull().default("one_time"),
    paymentMethod: paymentMethod("payment_method").notNull().default("card"),
    provider: paymentProvider("provider").notNull().default("sandbox"),
    /** Buyer details, filled from the payment provider at fulfilment. */
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    /** The items at their full prices; the discounts below are taken off it in this order. */
    subtotalCents: integer("subtotal_cents").notNull(),
    /** Quantity tiers (decision 030): the items' volume discounts together. */
    volumeDiscountCents: integer("volume_discount_cents").notNull().default(0),
    subscriptionDiscountCents: integer("subscription_discount_cents").notNull().default(0),
    couponId: uuid("coupon_id"),
    couponCode: text("coupon_code"),
    couponDiscountCents: integer("coupon_discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** The shipping rate's name as the buyer saw it ("Standard shipping", "Free shipping"). */
    shippingRateName: text("shipping_rate_name"),
    /** US sales tax (decision 036): the amount, the state's rate and the state it was for. */
    taxCents: integer("tax_cents").notNull().default(0),
    taxBasisPoints: integer("tax_basis_points").notNull().default(0),
    taxState: text("tax_state"),
    totalCents: integer("total_cents").notNull(),
    /**
     * What refunds gave back (docs/refunds.md). payment_status stays 'paid': "Refunded" and
     * "Partially refunded" are read from this against total_cents (decision 034).
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * The SKUs of its items, lower-cased, each once: the admin filter by SKU reads this (GIN) instead
     * of probing every item. Kept by the order_items_keep_lists trigger (migrations 0056 and 0059),
     * so every writer of items keeps it in step.
     */
    skus: text("skus").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The products of its items, each once: the admin filter by product reads this (GIN), kept by
     * the same trigger (migration 0059). A deleted product leaves its orders (the item's
     * product_id is set null, and the list follows).
     */
    productIds: uuid("product_ids").array().notNull().default(sql`'{}'::uuid[]`),
    providerSessionId: text("provider_session_id"),
    stripeSessionId: text("stripe_session_id"),
    paypalOrderId: text("paypal_order_id"),
    /**
     * The provider's id of the money taken, which refunds name: Stripe's payment intent, PayPal's
     * capture. Stored at fulfilment, or when a refund first resolves it (Stripe invoices).
     */
    providerPaymentId: text("provider_payment_id"),
    subscriptionId: uuid("subscription_id"),
    /** The cart the order was made from, emptied at fulfilment (a guest's cart has no user id). */
    cartId: uuid("cart_id"),
    /** The address the checkout came from: open payments are capped per client (server/reservations). */
    clientIp: text("client_ip"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * Set in the transaction that marks the order paid, cleared once its email (confirmation or
     * renewal) is in the outbox: a failed outbox insert is retried by the reconciliation job.
     */
    paymentEmailDue: boolean("payment_email_due").notNull().default(false),
    /**
     * The secret in the guest's order status link (/order-status/{token}, decision 037): 256 random
     * bits, base64url. Null only for orders not made by the checkout (monthly renewals).
     */
    statusToken: text("status_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Fulfilment (decision 038): how the parcel travels, set when the admin marks it shipped. */
    carrier: text("carrier").$type<Carrier>(),
    /** The free name of an "other" carrier (null for a known one). */
    carrierName: text("carrier_name"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_paid_created_idx")
      // NULLS FIRST is what a plain ORDER BY … DESC means; only a matching index serves it.
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentStatus} = 'paid'`),
    uniqueIndex("orders_provider_session_idx").on(t.provider, t.providerSessionId),
    uniqueIndex("orders_stripe_session_idx").on(t.stripeSessionId),
    uniqueIndex("orders_paypal_order_idx").on(t.paypalOrderId),
    index("orders_subscription_idx").on(t.subscriptionId),
    uniqueIndex("orders_status_token_idx").on(t.statusToken),
    // Paid guest orders by email: attached to the account that verifies that email (decision 037).
    index("orders_guest_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.userId} is null and ${t.paymentStatus} = 'paid'`),
    index("orders_payment_email_due_idx").on(t.paidAt).where(sql`${t.paymentEmailDue}`),
    // Open (unpaid) payments per client and per cart, for the hold rule's caps.
    index("orders_unpaid_client_idx").on(t.clientIp, t.createdAt).where(sql`${t.paymentStatus} = 'unpaid'`),
    // Open payments by age, for the reconciliation job (server/paid-orders/reconcile.ts).
    index("orders_unpaid_created_idx").on(t.createdAt).where(sql`${t.paymentStatus} = 'unpaid'`),
    index("orders_unpaid_cart_idx").on(t.cartId, t.createdAt).where(sql`${t.paymentStatus} = 'unpaid'`),
    // Admin order search (ILIKE '%…%' on name, email, id, coupon code) over paid orders only.
    index("orders_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .where(sql`${t.paymentStatus} = 'paid'`),
    index("orders_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .where(sql`${t.paymentStatus} = 'paid'`),
    index("orders_id_trgm_idx")
      .using("gin", sql`(${t.id}::text) gin_trgm_ops`)
      .where(sql`${t.paymentStatus} = 'paid'`),
    index("orders_coupon_code_trgm_idx")
      .using("gin", t.couponCode.op("gin_trgm_ops"))
      .where(sql`${t.paymentStatus} = 'paid'`),
    check("orders_total_non_negative", sql`${t.totalCents} >= 0`),
    check("orders_carrier_known", sql`${t.carrier} in ('usps', 'ups', 'fedex', 'dhl', 'other')`),
    check(
      "orders_refunded_within_total",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`,
    ),
    // Provider refunds (webhooks) find their order by the payment they name.
    index("orders_provider_payment_idx").on(t.provider, t.providerPaymentId),
    // The admin orders filter (server/orders/order-filter.ts): each selective filter has an index in
    // the list's order, so a page is a short walk whichever filter narrows the list most.
    index("orders_paid_status_created_idx")
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentStatus} = 'paid'`),
    // Status and purchase type trail the key: combined with a coupon or a refunded state, they are
    // checked in the index (an index-only count) instead of on each order's heap row.
    index("orders_paid_coupon_created_idx")
      .on(t.couponCode, t.createdAt.desc().nullsFirst(), t.status, t.purchaseType)
      .where(sql`${t.paymentStatus} = 'paid' and ${t.couponCode} is not null`),
    index("orders_paid_type_created_idx")
      .on(t.purchaseType, t.createdAt.desc().nullsFirst())
      .where(sql`${t.paymentStatus} = 'paid'`),
    // Refunded in full and in part, each with the filter's own condition as the index's, so a page
    // and its count are read from the index alone (no heap row to compare the total against).
    index("orders_paid_refunded_full_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status, t.purchaseType)
      .where(
        sql`${t.paymentStatus} = 'paid' and ${t.refundedCents} > 0 and ${t.refundedCents} >= ${t.totalCents}`,
      ),
    index("orders_paid_refunded_part_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status, t.purchaseType)
      .where(
        sql`${t.paymentStatus} = 'paid' and ${t.refundedCents} > 0 and ${t.refundedCents} < ${t.totalCents}`,
      ),
    index("orders_paid_skus_idx").using("gin", t.skus).where(sql`${t.paymentStatus} = 'paid'`),
    index("orders_paid_products_idx").using("gin", t.productIds).where(sql`${t.paymentStatus} = 'paid'`),
  ],
);

/**
 * Line items as rows, with a snapshot of what was bought at the price paid: product name, variant
 * title (the `weight` column, "30ml" for a product made before variants), SKU and unit price.
 */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    weight: text("weight").notNull().default(""),
    sku: text("sku"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** Unit price × quantity, before the volume discount. */
    lineTotalCents: integer("line_total_cents").notNull(),
    /** This line's share of orders.volume_discount_cents (its quantity tier, rounded per line). */
    volumeDiscountCents: integer("volume_discount_cents").notNull().default(0),
    imageUrl: text("image_url"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // "Is this variant in any order?" decides archive vs delete.
    index("order_items_variant_idx").on(t.variantId),
    // The admin orders filter by product or SKU.
    index("order_items_sku_idx").on(sql`lower(${t.sku})`, t.orderId),
    index("order_items_product_idx").on(t.productId, t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

export const subscriptionStatus = pgEnum("subscription_status", [
  "incomplete",
  "active",
  "past_due",
  "canceled",
]);

/** A subscribed line, snapshotted like an order item (variantId/sku absent on pre-variant rows until migrated). */
export type SubscriptionItem = {
  productId: string;
  variantId?: string;
  sku?: string;
  name: string;
  weight: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's volume discount when subscribed, kept for every renewal (decision 030). */
  volumeDiscountCents?: number;
  imageUrl: string | null;
};

/** A real recurring agreement with the provider; each renewal creates a new order. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: paymentProvider("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    status: subscriptionStatus("status").notNull().default("incomplete"),
    items: jsonb("items").$type<SubscriptionItem[]>().notNull(),
    monthlyTotalCents: integer("monthly_total_cents").notNull(),
    discountBasisPoints: integer("discount_basis_points").notNull(),
    /** The sales tax every month adds (the first order's state rate; decision 036). */
    taxBasisPoints: integer("tax_basis_points").notNull().default(0),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /**
     * Skipped or paused by the customer (decision 042): no renewal is charged before this date,
     * when renewals go on by themselves. Null when not paused.
     */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("subscriptions_provider_id_idx").on(t.provider, t.providerSubscriptionId),
  ],
);
