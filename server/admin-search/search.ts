import { asc, eq, ilike, or, sql } from "drizzle-orm";
import { orderLabel } from "../../core/orders/order-number.ts";
import { customerQuerySchema, listCustomers } from "../customers/list.ts";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { listAdminOrders } from "../orders/admin-list.ts";

export type PaletteHit = {
  kind: "order" | "customer" | "product";
  label: string;
  detail: string;
  to: string;
};

const LIMIT = 5;
/** `%` and `_` typed in the box are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Orders by name, email, order number or coupon (the orders screen's own search). */
async function orderHits(db: Db, query: string, withEmail: boolean): Promise<PaletteHit[]> {
  const page = await listAdminOrders(db, { search: query, pageSize: LIMIT });
  return page.orders.map((order) => ({
    kind: "order",
    label: `Order #${orderLabel(order)}`,
    detail: [order.name, withEmail ? order.email : null].filter(Boolean).join(" · "),
    to: `/admin/orders?q=${encodeURIComponent(order.id)}`,
  }));
}

/** Customers (accounts and guest buyers) by name, email or phone: their customer page. */
async function customerHits(db: Db, query: string): Promise<PaletteHit[]> {
  const page = await listCustomers(db, customerQuerySchema.parse({ q: query }), LIMIT);
  return page.rows.map((customer) => ({
    kind: "customer",
    label: customer.name || customer.email,
    detail: customer.name ? customer.email : "Customer",
    to: `/admin/customers/${customer.id}`,
  }));
}

/** Products by name or a variant's SKU. */
async function productHits(db: Db, query: string): Promise<PaletteHit[]> {
  const rows = await db
    .selectDistinct({ id: products.id, name: products.name })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(or(ilike(products.name, likeText(query)), sql`upper(${productVariants.sku}) = upper(${query})`))
    .orderBy(asc(products.name))
    .limit(LIMIT);
  return rows.map((row) => ({
    kind: "product",
    label: row.name,
    detail: "Product",
    to: `/admin/products?edit=${row.id}`,
  }));
}

/**
 * What the command palette finds for `query`, only of the kinds the staff member may open
 * (the caller passes what their role grants).
 */
export async function searchBackOffice(
  db: Db,
  query: string,
  may: { orders: boolean; customerData: boolean; products: boolean },
): Promise<PaletteHit[]> {
  const text = query.trim().slice(0, 100);
  if (text.length < 2) return [];
  const [orders, people, found] = await Promise.all([
    may.orders ? orderHits(db, text, may.customerData) : [],
    may.customerData ? customerHits(db, text) : [],
    may.products ? productHits(db, text) : [],
  ]);
  return [...orders, ...people, ...found];
}
