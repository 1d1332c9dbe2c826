import { eq, type SQL } from "drizzle-orm";
import { products } from "../db/schema/index.ts";

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * The one storefront condition: only an active product is listed, shown, found, fed, mapped or
 * sold. Every storefront query that reads products ANDs this in (drafts and archived products
 * exist only in the back office).
 */
export function onStorefront(): SQL {
  return eq(products.status, "active");
}
