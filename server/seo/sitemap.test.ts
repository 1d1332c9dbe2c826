import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlogPost, createCollection, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  renderRobots,
  renderSitemap,
  SITEMAP_URL_LIMIT,
  STATIC_PAGES,
  sitemapDocument,
  sitemapEntries,
} from "./sitemap.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("sitemap", () => {
  it("lists static pages, every product and only published posts", async () => {
    const { db } = database;
    const product = await createProduct(db, { slug: "gold-resin" });
    await createBlogPost(db, { slug: "published-post" });
    await createBlogPost(db, { slug: "draft-post", published: false });
    const xml = renderSitemap("https://shop.example", await sitemapEntries(db));
    for (const path of ["/", "/products", "/blog", "/about", "/contact", "/validity"]) {
      expect(xml).toContain(`<loc>https://shop.example${path}</loc>`);
    }
    expect(xml).toContain(
      `<url><loc>https://shop.example/product/gold-resin</loc><lastmod>${product.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).toContain("<loc>https://shop.example/blog/published-post</loc>");
    expect(xml).not.toContain("draft-post");
  });

  it("lists published collections only", async () => {
    const { db } = database;
    const shown = await createCollection(db, { slug: "resin-picks" });
    await createCollection(db, { slug: "hidden-picks", published: false });
    const xml = renderSitemap("https://shop.example", await sitemapEntries(db));
    expect(xml).toContain(
      `<url><loc>https://shop.example/collections/resin-picks</loc><lastmod>${shown.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).not.toContain("hidden-picks");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("splits above the limit into an index of parts that together list every URL once", async () => {
    const { db } = database;
    for (const n of [1, 2, 3, 4, 5]) await createProduct(db, { slug: `split-${n}`, name: `Split ${n}` });
    const all = (await sitemapEntries(db)).map((e) => e.path);
    const limit = Math.ceil(all.length / 3);
    const index = await sitemapDocument(db, "https://shop.example", null, limit);
    expect(index).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <sitemap><loc>https://shop.example/sitemap/1.xml</loc></sitemap>",
        "  <sitemap><loc>https://shop.example/sitemap/2.xml</loc></sitemap>",
        "  <sitemap><loc>https://shop.example/sitemap/3.xml</loc></sitemap>",
        "</sitemapindex>",
        "",
      ].join("\n"),
    );
    const listed: string[] = [];
    for (const part of [1, 2, 3]) {
      const xml = (await sitemapDocument(db, "https://shop.example", part, limit))!;
      const locs = [...xml.matchAll(/<loc>https:\/\/shop\.example([^<]*)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(limit);
      listed.push(...locs);
    }
    expect(listed).toEqual(all);
    expect(await sitemapDocument(db, "https://shop.example", 4, limit)).toBeNull();
    expect(await sitemapDocument(db, "https://shop.example", 0, limit)).toBeNull();
    // A catalog that fits one file has no parts: /sitemap.xml is the whole list.
    expect(await sitemapDocument(db, "https://shop.example", 1)).toBeNull();
    expect(await sitemapDocument(db, "https://shop.example", null)).toBe(
      renderSitemap("https://shop.example", await sitemapEntries(db)),
    );
  });

  it("counts again after any change to the catalog (its counts are kept per storefront version)", async () => {
    const { db } = database;
    const limit = (await sitemapEntries(db)).length;
    const isIndex = async () =>
      (await sitemapDocument(db, "https://shop.example", null, limit))!.includes("<sitemapindex");
    expect(await isIndex()).toBe(false);
    expect(await isIndex()).toBe(false);
    const added = await createProduct(db, { slug: "one-more" });
    expect(await isIndex()).toBe(true);
    await db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${added.id}`);
    expect(await isIndex()).toBe(false);
    const post = await createBlogPost(db, { slug: "one-more-post" });
    expect(await isIndex()).toBe(true);
    await db.execute(sql`DELETE FROM blog_posts WHERE id = ${post.id}`);
    expect(await isIndex()).toBe(false);
  });

  it("becomes an index at the protocol's 50,000 URLs", async () => {
    const { db } = database;
    const listed = (await sitemapEntries(db)).length;
    // Enough active products (one statement) to pass the limit by one.
    await db.execute(sql`
      INSERT INTO products (name, slug, description, price_cents, status)
      SELECT 'Bulk ' || n, 'bulk-' || n, '', 1000, 'active'
      FROM generate_series(1, ${SITEMAP_URL_LIMIT - listed + 1}) AS n`);
    const index = (await sitemapDocument(db, "https://shop.example", null))!;
    expect(index).toContain("<sitemap><loc>https://shop.example/sitemap/2.xml</loc></sitemap>");
    expect(index).not.toContain("sitemap/3.xml");
    const first = (await sitemapDocument(db, "https://shop.example", 1))!;
    expect(first.match(/<url>/g)).toHaveLength(SITEMAP_URL_LIMIT);
    expect(first).toContain(`<loc>https://shop.example${STATIC_PAGES[0]}</loc>`);
    expect((await sitemapDocument(db, "https://shop.example", 2))!.match(/<url>/g)).toHaveLength(1);
  }, 120_000);

  it("escapes XML special characters", () => {
    expect(renderSitemap("https://a.example", [{ path: "/x?a=1&b=2" }])).toContain(
      "<loc>https://a.example/x?a=1&amp;b=2</loc>",
    );
  });
});

describe("robots.txt", () => {
  it("disallows the private areas and points to the sitemap", () => {
    expect(renderRobots("https://shop.example")).toBe(
      [
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /checkout",
        "Disallow: /cart",
        "Disallow: /orders",
        "Disallow: /auth",
        "Allow: /",
        "",
        "Sitemap: https://shop.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });
});
