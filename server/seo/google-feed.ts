import { and, asc, gt, inArray, isNull } from "drizzle-orm";
import { brand } from "../../core/brand.ts";
import { variantPath } from "../../core/catalog/catalog.ts";
import { absoluteUrl } from "../../core/text/urls.ts";
import { onStorefront } from "../catalog/status.ts";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";

/**
 * The Google Merchant Center product feed (/feeds/google.xml, docs/feeds.md): RSS 2.0 with the
 * g: namespace, one <item> per live variant. Written page by page (keyset on products.id) into a
 * stream, so a catalog of any size never sits in memory as one document.
 */

export const FEED_PAGE_SIZE = 500;
const DESCRIPTION_MAX = 5000;
const TITLE_MAX = 150;
const ADDITIONAL_IMAGES_MAX = 10;

type FeedVariant = typeof productVariants.$inferSelect;
export type FeedProduct = {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  imageUrls: string[];
  variants: FeedVariant[];
};

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  imageUrls: products.imageUrls,
};

/** Products in id order, `pageSize` at a time, each with its live variants in position order. */
export async function* feedProductPages(db: Db, pageSize = FEED_PAGE_SIZE): AsyncGenerator<FeedProduct[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select(productColumns)
      .from(products)
      .where(and(onStorefront(), after ? gt(products.id, after) : undefined))
      .orderBy(asc(products.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const variants = await db
      .select()
      .from(productVariants)
      .where(
        and(
          inArray(
            productVariants.productId,
            rows.map((r) => r.id),
          ),
          isNull(productVariants.archivedAt),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
    const byProduct = new Map<string, FeedVariant[]>();
    for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
    yield rows.map((row) => ({ ...row, variants: byProduct.get(row.id) ?? [] }));
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.id;
  }
}

/** Characters XML 1.0 forbids (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/FFFF). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an XML element or attribute: forbidden characters dropped, markup escaped. */
export function xmlText(value: string) {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** At most `max` characters, never cutting a surrogate pair in two. */
function truncate(text: string, max: number) {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/**
 * Plain text for Google: descriptions are plain text today, but any HTML tag or Markdown mark
 * typed into one would show literally in Shopping, so they are dropped. Line breaks stay.
 */
export function plainText(text: string) {
  return text
    .replace(NOT_XML, "")
    .replace(/<[^>]*>/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-*+])[ \t]+/gm, "")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/[ \t\f\v]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** "59.99 USD": Google's price format (the shop sells in US dollars, core/pricing/money.ts). */
export function feedPrice(cents: number) {
  return `${(cents / 100).toFixed(2)} USD`;
}

const element = (name: string, value: string) => `<g:${name}>${xmlText(value)}</g:${name}>`;

/** The <item> of one variant. */
export function renderFeedItem(publicUrl: string, product: FeedProduct, variant: FeedVariant): string {
  const several = product.variants.length > 1;
  const image = variant.imageUrl ?? product.imageUrl ?? product.imageUrls[0] ?? null;
  const onSale = variant.compareAtCents !== null && variant.compareAtCents > variant.priceCents;
  const fields: [string, string][] = [
    ["id", variant.sku],
    ...(several ? [["item_group_id", product.id] as [string, string]] : []),
    ["title", truncate(several ? `${product.name} - ${variant.title}` : product.name, TITLE_MAX)],
    ["description", truncate(plainText(product.description) || product.name, DESCRIPTION_MAX)],
    ["link", absoluteUrl(publicUrl, variantPath(product.slug, variant.id))],
    ...(image ? [["image_link", absoluteUrl(publicUrl, image)] as [string, string]] : []),
    ...product.imageUrls
      .filter((url) => url !== image)
      .slice(0, ADDITIONAL_IMAGES_MAX)
      .map((url): [string, string] => ["additional_image_link", absoluteUrl(publicUrl, url)]),
    ["price", feedPrice(onSale ? variant.compareAtCents! : variant.priceCents)],
    ...(onSale ? [["sale_price", feedPrice(variant.priceCents)] as [string, string]] : []),
    ["availability", variant.soldOut ? "out_of_stock" : "in_stock"],
    ["brand", brand.name],
    ["condition", "new"],
    ...(variant.weightGrams !== null
      ? [["shipping_weight", `${variant.weightGrams} g`] as [string, string]]
      : []),
    identifier(variant),
  ];
  return `<item>${fields.map(([name, value]) => element(name, value)).join("")}</item>\n`;
}

/** GTIN when the owner entered one, else the MPN, else a statement that the product has neither. */
function identifier(variant: FeedVariant): [string, string] {
  if (variant.gtin?.trim()) return ["gtin", variant.gtin.trim()];
  if (variant.mpn?.trim()) return ["mpn", variant.mpn.trim()];
  return ["identifier_exists", "no"];
}

export function feedHeader(publicUrl: string) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n` +
    `<title>${xmlText(brand.name)}</title>\n<link>${xmlText(absoluteUrl(publicUrl, "/"))}</link>\n` +
    `<description>${xmlText(brand.tagline)}</description>\n`
  );
}

export const FEED_FOOTER = "</channel>\n</rss>\n";

/**
 * The whole feed as a byte stream: the header, one chunk per page of products, the footer. Pages
 * are read as the reader pulls, so a slow client holds one page, not the catalog.
 */
export function googleFeedStream(db: Db, publicUrl: string, pageSize = FEED_PAGE_SIZE) {
  const encoder = new TextEncoder();
  const pages = feedProductPages(db, pageSize);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(feedHeader(publicUrl)));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.enqueue(encoder.encode(FEED_FOOTER));
        controller.close();
        return;
      }
      const items = next.value.flatMap((p) => p.variants.map((v) => renderFeedItem(publicUrl, p, v)));
      controller.enqueue(encoder.encode(items.join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
