import { describe, expect, it } from "vitest";
import type { ProductVariant } from "~core/catalog/catalog.ts";
import { googleRichResults } from "../../tests/support/google-rich-results.ts";
import { checkStructuredData } from "../../tests/support/structured-data.ts";
import { blogPostingJsonLd, organizationJsonLd, productJsonLd, websiteJsonLd } from "./json-ld.ts";

/** Every JSON-LD type the shop emits against Google's rules (tests/support/structured-data.ts). */
const origin = "https://shop.example";
const variant = (id: string, title: string): ProductVariant => ({
  id,
  sku: `SKU-${id}`,
  title,
  optionValues: [title],
  priceCents: 4999,
  compareAtCents: null,
  weightGrams: null,
  imageUrl: null,
  soldOut: false,
  gtin: null,
  mpn: null,
});
const product = {
  name: "Pure Resin",
  slug: "pure-resin",
  description: "Resin.",
  priceCents: 4999,
  soldOut: false,
  imageUrls: ["/images/resin.jpg"],
};
const reviews = {
  average: 4.5,
  count: 2,
  reviews: [
    {
      authorName: "Jane D.",
      rating: 5,
      title: "Great",
      body: "Lovely.",
      createdAt: "2026-11-01T10:00:00.000Z",
    },
    { authorName: "Sam C.", rating: 4, title: "", body: "Good.", createdAt: "2026-11-02T10:00:00.000Z" },
  ],
};

const post = {
  title: "Why shilajit",
  slug: "why",
  excerpt: "An essay.",
  authorName: "Admin",
  publishedAt: "2026-10-01T00:00:00.000Z",
};

describe("structured data passes Google's rules", () => {
  it("a product with reviews: aggregateRating and review", () => {
    const data = productJsonLd({ ...product, reviews }, `${origin}/product/pure-resin`);
    expect(checkStructuredData(data)).toEqual([]);
    expect(data).toMatchObject({
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      review: [{ author: { name: "Jane D." }, reviewRating: { ratingValue: 5 } }, {}],
    });
  });

  it("a product without reviews has no aggregateRating (Google refuses a zero count)", () => {
    const data = productJsonLd({ ...product, reviews: { average: 0, count: 0, reviews: [] } }, `${origin}/p`);
    expect(checkStructuredData(data)).toEqual([]);
    expect(data).not.toHaveProperty("aggregateRating");
  });

  it("a product group with variants and reviews", () => {
    const variants = [variant("a", "50g"), variant("b", "100g")];
    const options = [{ name: "Size", values: ["50g", "100g"] }];
    const data = productJsonLd({ ...product, variants, options, reviews }, `${origin}/product/pure-resin`);
    expect(data["@type"]).toBe("ProductGroup");
    expect(checkStructuredData(data)).toEqual([]);
  });

  it("a blog post names its publisher's logo", () => {
    const data = blogPostingJsonLd(post, `${origin}/blog/why`);
    expect(checkStructuredData(data)).toEqual([]);
    const { logo: _, ...withoutLogo } = data.publisher;
    expect(checkStructuredData({ ...data, publisher: withoutLogo })).toEqual([
      "BlogPosting.publisher: logo must be a URL or an ImageObject with a url",
    ]);
  });

  it("the home page's Organization and WebSite", () => {
    expect(checkStructuredData(organizationJsonLd(origin))).toEqual([]);
    expect(checkStructuredData(websiteJsonLd(origin))).toEqual([]);
  });
});

/** The JSON-LD as a page carries it, for structured-data-testing-tool. */
const page = (...blocks: unknown[]) =>
  `<!doctype html><html><head>${blocks
    .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
    .join("")}</head><body></body></html>`;

describe("structured-data-testing-tool with Google's presets", () => {
  it("passes every page type: home, one-variant product, product group with reviews, blog post", async () => {
    const variants = [variant("a", "50g"), variant("b", "100g")];
    const options = [{ name: "Size", values: ["50g", "100g"] }];
    const pages: [string, string[]][] = [
      [page(organizationJsonLd(origin), websiteJsonLd(origin)), ["Organization", "WebSite"]],
      [page(productJsonLd({ ...product, variants: [variants[0]!] }, `${origin}/p`)), ["Product"]],
      [page(productJsonLd({ ...product, variants, options, reviews }, `${origin}/p`)), ["ProductGroup"]],
      [page(blogPostingJsonLd(post, `${origin}/blog/why`)), ["BlogPosting"]],
    ];
    for (const [html, schemas] of pages) {
      const report = await googleRichResults(html);
      expect(report.failed, schemas.join()).toEqual([]);
      expect(report.schemas).toEqual(expect.arrayContaining(schemas));
      expect(report.passed).toBeGreaterThan(0);
    }
  });

  it("fails a blog post without its publisher's logo, and a product without an offer", async () => {
    const data = blogPostingJsonLd(post, `${origin}/blog/why`);
    const { logo: _, ...withoutLogo } = data.publisher;
    const blog = await googleRichResults(page({ ...data, publisher: withoutLogo }));
    expect(data.image).toEqual([`${origin}/favicon.svg`]);
    expect(blog.failed).toEqual([
      expect.stringContaining("publisher.logo"),
      expect.stringContaining("publisher.logo.url"),
    ]);
    const single: Record<string, unknown> = productJsonLd(
      { ...product, variants: [variant("a", "50g")] },
      `${origin}/p`,
    );
    const { offers: __, ...noOffer } = single;
    const listing = await googleRichResults(page(noOffer));
    expect(listing.failed).toEqual(expect.arrayContaining([expect.stringContaining("offers.price")]));
  });
});
