import { asc, desc, inArray } from "drizzle-orm";
import { type CsvValue, csvDollars } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { keyText, nextKey, olderThan, type TimeKey } from "../db/keyset.ts";
import { productOptions, products, productVariants } from "../db/schema/index.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "../exports/csv-stream.ts";
import { textToHtml } from "./html-text.ts";
import { SHOPIFY_PRODUCT_HEADER, type ShopifyColumn } from "./shopify-format.ts";

type Product = typeof products.$inferSelect;
type Variant = typeof productVariants.$inferSelect;
type Option = typeof productOptions.$inferSelect;

/**
 * The catalog as Shopify's product CSV, newest product first, read in keyset batches (like every
 * export, server/exports/): a row per live variant, more rows for images beyond the variants.
 * Cells are defused against formula injection by core/text/csv.ts; our own uploads are written as full
 * URLs (PUBLIC_URL) so Shopify or a spreadsheet can reach them.
 */
export function catalogCsvExport(
  db: Db,
  options: { publicUrl: string; batchSize?: number },
): CsvExport<TimeKey> {
  const size = options.batchSize ?? Math.floor(EXPORT_BATCH_SIZE / 5);
  const absolute = (url: string | null) =>
    url?.startsWith("/") ? `${options.publicUrl.replace(/\/+$/, "")}${url}` : (url ?? "");
  return {
    header: SHOPIFY_PRODUCT_HEADER,
    async readBatch(cursor) {
      const batch = await db
        .select({ product: products, key: keyText(products.createdAt) })
        .from(products)
        .where(olderThan(products.createdAt, products.id, cursor, "uuid"))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(size);
      const ids = batch.map((b) => b.product.id);
      const [variants, optionRows] = ids.length
        ? await Promise.all([
            db
              .select()
              .from(productVariants)
              .where(inArray(productVariants.productId, ids))
              .orderBy(asc(productVariants.position), asc(productVariants.createdAt)),
            db
              .select()
              .from(productOptions)
              .where(inArray(productOptions.productId, ids))
              .orderBy(asc(productOptions.position)),
          ])
        : [[], []];
      const rows = batch.flatMap(({ product }) =>
        productRows(
          product,
          variants.filter((v) => v.productId === product.id && v.archivedAt === null),
          optionRows.filter((o) => o.productId === product.id),
          absolute,
        ),
      );
      return {
        rows,
        next: nextKey(
          batch.map((b) => ({ key: b.key, id: b.product.id })),
          size,
        ),
      };
    },
  };
}

function productRows(
  product: Product,
  variants: Variant[],
  options: Option[],
  absolute: (url: string | null) => string,
) {
  const images = [
    ...new Set([product.imageUrl, ...product.imageUrls].filter((u): u is string => Boolean(u))),
  ];
  const count = Math.max(variants.length, images.length, 1);
  return Array.from({ length: count }, (_, i) => {
    const cells: Partial<Record<ShopifyColumn, CsvValue>> = { Handle: product.slug };
    if (i === 0) {
      Object.assign(cells, {
        Title: product.name,
        "Body (HTML)": textToHtml(product.description),
        Tags: product.tags.join(", "),
        Published: product.status === "active" ? "TRUE" : "FALSE",
        "SEO Title": product.seoTitle ?? "",
        "SEO Description": product.seoDescription ?? "",
        Status: product.status,
      });
      options.forEach((o, n) => {
        cells[`Option${n + 1} Name` as ShopifyColumn] = o.name;
      });
    }
    const v = variants[i];
    if (v) {
      v.optionValues.forEach((value, n) => {
        cells[`Option${n + 1} Value` as ShopifyColumn] = value;
      });
      Object.assign(cells, {
        "Variant SKU": v.sku,
        "Variant Grams": v.weightGrams ?? "",
        "Variant Inventory Tracker": v.stockQuantity === null ? "" : "shopify",
        "Variant Inventory Qty": v.stockQuantity ?? "",
        "Variant Price": csvDollars(v.priceCents),
        "Variant Compare At Price": v.compareAtCents === null ? "" : csvDollars(v.compareAtCents),
        "Variant Requires Shipping": "TRUE",
        "Variant Barcode": v.gtin ?? "",
        "Variant Image": absolute(v.imageUrl),
      });
    }
    if (images[i])
      Object.assign(cells, {
        "Image Src": absolute(images[i]!),
        "Image Position": i + 1,
        "Image Alt Text": "",
      });
    return SHOPIFY_PRODUCT_HEADER.map((column) => cells[column] ?? "");
  });
}
