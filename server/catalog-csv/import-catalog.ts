import { CsvFileError, type CsvInput, type CsvRecord, readCsvRecords } from "../csv-import/csv-records.ts";
import type { Db } from "../db/client.ts";
import type { ProductDraft } from "./draft.ts";
import { importProduct } from "./import-product.ts";
import { CatalogReport } from "./report.ts";
import { isShopifyProductHeader, shopifyDrafts } from "./shopify-format.ts";
import { isWooCommerceHeader, wooCommerceDrafts } from "./woocommerce-format.ts";

export type CatalogImportOptions = {
  /** false: the preview (nothing is written); true: each product saved in its own transaction. */
  apply: boolean;
  /** This shop's address: images it exported (PUBLIC_URL/uploads/…) come back as its own uploads. */
  publicUrl?: string;
  /** How many lines of each kind the report keeps (the admin preview shows a page of them). */
  lineLimit?: number;
};

/**
 * Reads a Shopify or WooCommerce product CSV as a stream and upserts its products by handle or
 * SKU (docs/migrating.md). The preview and the import are the same walk through the file: one
 * product in memory at a time (WooCommerce's variable products wait for their variations). A
 * refused product never stops the others.
 */
export async function importCatalogCsv(
  db: Db,
  input: CsvInput,
  options: CatalogImportOptions,
): Promise<CatalogReport> {
  const report = new CatalogReport(options.lineLimit);
  const fileSkus = new Map<string, string>();
  try {
    const records = readCsvRecords(input);
    const first = await records.next();
    if (first.done) {
      report.fileError = "The file has no product rows.";
      return report;
    }
    const columns = Object.keys(first.value.cells);
    report.format = isShopifyProductHeader(columns)
      ? "shopify"
      : isWooCommerceHeader(columns)
        ? "woocommerce"
        : null;
    if (!report.format) {
      report.fileError =
        "This is not a Shopify or WooCommerce product CSV: the first row must name the columns (Shopify: Handle, Title…; WooCommerce: Type, Name, Regular price…).";
      return report;
    }
    const all = withFirst(first.value, records);
    const drafts = report.format === "shopify" ? shopifyDrafts(all) : wooCommerceDrafts(all);
    for await (const draft of drafts) {
      const outcome = await importProduct(db, ownImages(draft, options.publicUrl), {
        apply: options.apply,
        fileSkus,
      });
      const line = { row: draft.row, handle: draft.handle, name: draft.name };
      if (outcome.kind === "refused") report.add("refused", { ...line, reason: outcome.reason });
      else report.add(outcome.kind, line);
    }
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    report.fileError = `${error.message}. Products before it were ${options.apply ? "imported" : "checked"}.`;
  }
  return report;
}

async function* withFirst(first: CsvRecord, rest: AsyncIterable<CsvRecord>) {
  yield first;
  yield* rest;
}

/** https://this-shop/uploads/x.webp → /uploads/x.webp, as the shop stores its own images. */
function ownImages(draft: ProductDraft, publicUrl: string | undefined): ProductDraft {
  if (!publicUrl) return draft;
  const prefix = `${publicUrl.replace(/\/+$/, "")}/uploads/`;
  const own = (url: string) => (url.startsWith(prefix) ? `/uploads/${url.slice(prefix.length)}` : url);
  return {
    ...draft,
    images: draft.images.map(own),
    variants: draft.variants.map((v) => ({ ...v, imageUrl: own(v.imageUrl) })),
  };
}
