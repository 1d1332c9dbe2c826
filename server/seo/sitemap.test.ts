import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlogPost, createCollection, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { renderRobots, renderSitemap, sitemapEntries } from "./sitemap.ts";

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
