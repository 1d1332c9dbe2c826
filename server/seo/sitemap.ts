import { asc, desc, eq } from "drizzle-orm";
import { POLICY_SLUGS, policyPath } from "../../core/legal/policies.ts";
import { onStorefront } from "../catalog/status.ts";
import type { Db } from "../db/client.ts";
import { blogPosts, collections, products } from "../db/schema/index.ts";

export type SitemapEntry = { path: string; lastModified?: Date };

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

/** Every indexable URL: static pages, each product, each published collection and post. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [productRows, collectionRows, postRows] = await Promise.all([
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(onStorefront())
      .orderBy(products.name),
    db
      .select({ slug: collections.slug, updatedAt: collections.updatedAt })
      .from(collections)
      .where(eq(collections.published, true))
      .orderBy(asc(collections.position), asc(collections.id)),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.publishedAt)),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...productRows.map((p) => ({
      path: `/product/${encodeURIComponent(p.slug)}`,
      lastModified: p.updatedAt,
    })),
    ...collectionRows.map((c) => ({
      path: `/collections/${encodeURIComponent(c.slug)}`,
      lastModified: c.updatedAt,
    })),
    ...postRows.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastModified: p.updatedAt })),
  ];
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${xmlEscape(publicUrl + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
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
