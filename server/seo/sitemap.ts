import { asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { POLICY_SLUGS, policyPath } from "../../core/legal/policies.ts";
import { onStorefront } from "../catalog/status.ts";
import { readStorefrontVersion } from "../catalog/storefront-cache.ts";
import type { Db } from "../db/client.ts";
import { blogPosts, collections, products } from "../db/schema/index.ts";

export type SitemapEntry = { path: string; lastModified?: Date };

/**
 * The protocol's limit per sitemap file (sitemaps.org): above it `/sitemap.xml` becomes a sitemap
 * index of `/sitemap/{n}.xml` files of this many URLs each. 50,000 of our URLs stay far below the
 * other limit, 50 MB (a slug is at most 200 characters).
 */
export const SITEMAP_URL_LIMIT = 50_000;

/** Public pages that are always there (the policy pages among them). */
export const STATIC_PAGES = [
  "/",
  "/products",
  "/blog",
  "/about",
  "/contact",
  "/validity",
  ...POLICY_SLUGS.map(policyPath),
] as const;

/** One kind of URL: how many there are, and a slice of them in a stable order. */
type Source = {
  count(db: Db): Promise<number>;
  read(db: Db, offset: number, limit: number): Promise<SitemapEntry[]>;
};

const staticPages: Source = {
  count: async () => STATIC_PAGES.length,
  read: async (_db, offset, limit) => STATIC_PAGES.slice(offset, offset + limit).map((path) => ({ path })),
};

/** Rows of `table` with a slug and an updated_at, shown where `shown`, at `prefix` + slug. */
function slugPages(
  table: PgTable & { slug: PgColumn; updatedAt: PgColumn; id: PgColumn },
  shown: () => SQL,
  order: () => SQL[],
  prefix: string,
): Source {
  return {
    async count(db) {
      const [row] = await db.select({ n: count() }).from(table).where(shown());
      return row?.n ?? 0;
    },
    async read(db, offset, limit) {
      const rows = await db
        .select({ slug: table.slug, updatedAt: table.updatedAt })
        .from(table)
        .where(shown())
        .orderBy(...order())
        .offset(offset)
        .limit(limit);
      return rows.map((row) => ({
        path: `${prefix}${encodeURIComponent(row.slug as string)}`,
        lastModified: row.updatedAt as Date,
      }));
    },
  };
}

/** Every indexable URL in this order; the id ends each order so pages never overlap. */
const SOURCES: Source[] = [
  staticPages,
  slugPages(products, onStorefront, () => [asc(products.name), asc(products.id)], "/product/"),
  slugPages(
    collections,
    () => eq(collections.published, true),
    () => [asc(collections.position), asc(collections.id)],
    "/collections/",
  ),
  slugPages(
    blogPosts,
    () => eq(blogPosts.published, true),
    () => [desc(blogPosts.publishedAt), asc(blogPosts.id)],
    "/blog/",
  ),
];

type Counts = { counts: number[]; total: number };

/**
 * The last counts per database, with the storefront version they were read at: every change to
 * products, collections or posts bumps it (triggers), so while it stands they are exact. At
 * 100,000 products they cost ~20 ms, the whole of the index's time (docs/performance.md).
 */
const countsAt = new WeakMap<Db, Counts & { version: number }>();

/** How many indexable URLs there are, each kind read by a count (or kept for this version). */
async function countEntries(db: Db): Promise<Counts> {
  // Read before the counts: a change committed in between is then seen under the older version,
  // and the next request (at the newer one) counts again.
  const version = await readStorefrontVersion(db);
  const kept = countsAt.get(db);
  if (kept && version !== null && kept.version === version) return kept;
  const counts = await Promise.all(SOURCES.map((source) => source.count(db)));
  const fresh = { counts, total: counts.reduce((a, b) => a + b, 0) };
  if (version !== null) countsAt.set(db, { ...fresh, version });
  return fresh;
}

/** The URLs from `start` (0-based, across every kind in SOURCES' order), at most `limit`. */
async function readEntries(db: Db, counts: number[], start: number, limit: number) {
  const reads: Promise<SitemapEntry[]>[] = [];
  let first = 0;
  for (const [i, n] of counts.entries()) {
    const from = Math.max(start - first, 0);
    const to = Math.min(start + limit - first, n);
    if (from < to) reads.push(SOURCES[i]!.read(db, from, to - from));
    first += n;
  }
  return (await Promise.all(reads)).flat();
}

/** Every indexable URL: static pages, each product, each published collection and post. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const { counts, total } = await countEntries(db);
  return readEntries(db, counts, 0, total);
}

/**
 * The XML for `/sitemap.xml` (part null) or `/sitemap/{part}.xml`; null when there is no such
 * file (a part of a catalog that fits one file, or past the last part).
 */
export async function sitemapDocument(
  db: Db,
  publicUrl: string,
  part: number | null,
  limit = SITEMAP_URL_LIMIT,
): Promise<string | null> {
  const { counts, total } = await countEntries(db);
  const parts = Math.ceil(total / limit);
  if (part === null) {
    if (parts <= 1) return renderSitemap(publicUrl, await readEntries(db, counts, 0, total));
    return renderSitemapIndex(publicUrl, parts);
  }
  if (parts <= 1 || part < 1 || part > parts) return null;
  return renderSitemap(publicUrl, await readEntries(db, counts, (part - 1) * limit, limit));
}

/** The address of part `n` of a split sitemap. */
export const sitemapPartPath = (n: number) => `/sitemap/${n}.xml`;

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${xmlEscape(publicUrl + e.path)}</loc>${lastmod}</url>`;
  });
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}

export function renderSitemapIndex(publicUrl: string, parts: number): string {
  const files = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${xmlEscape(publicUrl + sitemapPartPath(i + 1))}</loc></sitemap>`,
  );
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/** Areas that are personal or transactional: no value in search results. */
export const DISALLOWED_PATHS = ["/admin", "/checkout", "/cart", "/orders", "/auth"] as const;

export function renderRobots(publicUrl: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "Allow: /",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
