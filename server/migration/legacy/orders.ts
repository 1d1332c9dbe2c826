import { and, eq, sql } from "drizzle-orm";
import { getOrCreateCart } from "../../cart/cart.ts";
import type { Db } from "../../db/client.ts";
import { cartLines, coupons, orderItems, orders, productVariants, user } from "../../db/schema/index.ts";
import { newStatusToken } from "../../orders/status-token.ts";
import { importedUserId } from "./accounts.ts";
import { type ImportContext, importTable, RowRefused } from "./context.ts";
import { importedId, newIdFor, rememberImport } from "./ids.ts";
import type { LegacyRow } from "./source.ts";
import {
  type LegacyOrderItem,
  parseOrderItems,
  toDate,
  toHundredths,
  toInteger,
  toObject,
  toText,
} from "./values.ts";

const STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
type Status = (typeof STATUSES)[number];

/**
 * Orders with their items. Paid history is imported as paid (the dashboard's figures and My Orders
 * show it at once, through the order_stats triggers); orders the old admin hid (placeholder
 * emails: never completed) come in as expired, which no list or figure counts. The Stripe session
 * and PayPal order ids are kept so later refunds find the payment.
 */
export function importOrders(ctx: ImportContext) {
  return importTable(ctx, "public", "orders", (db, row, oldId) => importOrder(ctx, db, row, oldId));
}

async function importOrder(ctx: ImportContext, db: Db, row: LegacyRow, oldId: string) {
  const totalCents = toHundredths(row.total_amount);
  if (totalCents === null || totalCents < 0)
    throw new RowRefused(`total_amount is not an amount: ${String(row.total_amount)}`);
  const items = parseOrderItems(row.order_items);
  if (!items) throw new RowRefused("order_items is neither a list nor a JSON list");
  const email = toText(row.email)?.toLowerCase() ?? null;
  const couponDiscountCents = Math.max(0, toHundredths(row.coupon_discount) ?? 0);
  const subtotalCents = toHundredths(row.original_amount) ?? totalCents + couponDiscountCents;
  const couponCode = toText(row.coupon_code)?.toUpperCase() ?? null;
  const [coupon] = couponCode
    ? await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, couponCode))
    : [];
  const stripeSessionId = toText(row.stripe_session_id);
  const paypalOrderId = toText(row.paypal_order_id);
  const status = statusOf(ctx, row, oldId);
  const fields = {
    userId: await ownerOf(db, toText(row.user_id), email),
    paymentStatus: ctx.isPlaceholderEmail(email) ? ("expired" as const) : ("paid" as const),
    status,
    ...provider(stripeSessionId, paypalOrderId),
    name: toText(row.name),
    email,
    phone: toText(row.phone),
    shippingAddress: addressOf(row.address),
    subtotalCents: Math.max(subtotalCents, 0),
    couponId: coupon?.id ?? null,
    couponCode,
    couponDiscountCents,
    totalCents,
    stripeSessionId,
    paypalOrderId,
    createdAt: toDate(row.created_at) ?? ctx.now,
  };
  const existingId = await importedId(db, "orders", oldId);
  const id = existingId ?? newIdFor("orders", oldId);
  if (existingId) {
    await db.update(orders).set(fields).where(eq(orders.id, id));
    await db.delete(orderItems).where(eq(orderItems.orderId, id));
  } else {
    await db.insert(orders).values({
      id,
      ...fields,
      statusToken: newStatusToken(),
      paidAt: fields.paymentStatus === "paid" ? fields.createdAt : null,
    });
    await rememberImport(db, "orders", oldId, id);
  }
  if (items.length)
    await db.insert(orderItems).values(await Promise.all(items.map((item) => itemRow(db, id, item))));
  return existingId ? "updated" : "imported";
}

function statusOf(ctx: ImportContext, row: LegacyRow, oldId: string): Status {
  const status = toText(row.status)?.toLowerCase() ?? "pending";
  if ((STATUSES as readonly string[]).includes(status)) return status as Status;
  ctx.report.note(`order ${oldId}: unknown status "${status}" imported as pending`);
  return "pending";
}

function provider(stripeSessionId: string | null, paypalOrderId: string | null) {
  if (stripeSessionId)
    return { provider: "stripe", paymentMethod: "card", providerSessionId: stripeSessionId } as const;
  if (paypalOrderId)
    return { provider: "paypal", paymentMethod: "paypal", providerSessionId: paypalOrderId } as const;
  return { provider: "sandbox", paymentMethod: "card", providerSessionId: null } as const;
}

/** The order's customer: the imported account of its user_id, else (a guest's) the account with its email. */
async function ownerOf(db: Db, oldUserId: string | null, email: string | null): Promise<string | null> {
  const byId = await importedUserId(db, oldUserId);
  if (byId) return byId;
  if (!email) return null;
  const [byEmail] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return byEmail?.id ?? null;
}

/** The old address is one text (or, from some payment pages, an object): kept whole in line 1. */
function addressOf(value: unknown) {
  const object = toObject(value);
  const text = toText(typeof value === "string" ? value : null);
  if (!Object.keys(object).length && !text) return null;
  const pick = (...keys: string[]) => keys.map((k) => toText(object[k])).find(Boolean) ?? "";
  return {
    line1: text && !Object.keys(object).length ? text : pick("line1", "address_line_1", "street"),
    line2: pick("line2", "address_line_2") || undefined,
    city: pick("city", "admin_area_2"),
    state: pick("state", "admin_area_1"),
    postalCode: pick("postalCode", "postal_code", "zip"),
    country: pick("country", "country_code"),
  };
}

async function itemRow(db: Db, orderId: string, item: LegacyOrderItem) {
  const productId = item.productId ? await importedId(db, "products", item.productId) : null;
  const variant = productId ? await variantOf(db, productId, item.weight) : null;
  return {
    orderId,
    productId,
    variantId: variant?.id ?? null,
    sku: variant?.sku ?? null,
    name: item.name,
    weight: item.weight,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    lineTotalCents: item.unitPriceCents * item.quantity,
    imageUrl: item.imageUrl,
  };
}

async function variantOf(db: Db, productId: string, weight: string) {
  const rows = await db
    .select({ id: productVariants.id, sku: productVariants.sku, title: productVariants.title })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
  return rows.find((v) => v.title === weight) ?? rows[0] ?? null;
}

/** Signed-in customers' carts (cart_items): each line joins the customer's cart here, at its quantity. */
export function importCartItems(ctx: ImportContext) {
  return importTable(ctx, "public", "cart_items", async (db, row, oldId) => {
    const userId = await importedUserId(db, toText(row.user_id));
    if (!userId) throw new RowRefused("its customer was not imported");
    const productId = await importedId(db, "products", toText(row.product_id) ?? "");
    if (!productId) throw new RowRefused("its product was not imported");
    const weight = toText(row.weight) ?? "";
    const variant = await variantOf(db, productId, weight);
    if (!variant) throw new RowRefused("its product has no variant");
    const quantity = Math.min(Math.max(toInteger(row.quantity, 1), 1), 99);
    const cartId = await getOrCreateCart(db, { userId });
    const existing = await importedId(db, "cart_items", oldId);
    await db
      .insert(cartLines)
      .values({
        cartId,
        productId,
        variantId: variant.id,
        productName: toText(row.product_name) ?? "Unknown Item",
        weight: variant.title,
        quantity,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: sql`excluded.quantity` },
      });
    const [line] = await db
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variant.id)));
    await rememberImport(db, "cart_items", oldId, line!.id);
    return existing ? "updated" : "imported";
  });
}
