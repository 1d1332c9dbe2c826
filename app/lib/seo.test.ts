import { describe, expect, it } from "vitest";
import {
  blogPostingJsonLd,
  clampDescription,
  organizationJsonLd,
  pageTitle,
  productJsonLd,
  seoMeta,
} from "./seo.ts";

const product = {
  name: "Gold Grade Shilajit Resin",
  slug: "gold-grade",
  description: "Long description",
  seoDescription: "Our richest resin.",
  priceCents: 8999,
  soldOut: false,
  imageUrl: "/uploads/gold-1.webp",
  imageUrls: ["/uploads/gold-1.webp", "https://cdn.example.com/gold-2.webp"],
  weightType: "30g",
};

describe("productJsonLd", () => {
  it("describes the product with a USD Offer and its availability", () => {
    const ld = productJsonLd(product, "https://shop.example/product/gold-grade");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Gold Grade Shilajit Resin",
      description: "Our richest resin.",
      url: "https://shop.example/product/gold-grade",
      image: ["https://shop.example/uploads/gold-1.webp", "https://cdn.example.com/gold-2.webp"],
      offers: {
        "@type": "Offer",
        priceCurrency: "USD",
        price: "89.99",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/product/gold-grade",
      },
    });
    expect(productJsonLd({ ...product, soldOut: true }, "https://shop.example/p").offers.availability).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(productJsonLd({ ...product, seoDescription: null }, "https://shop.example/p").description).toBe(
      "Long description",
    );
  });
});

describe("blogPostingJsonLd and organizationJsonLd", () => {
  it("describe a post and the shop", () => {
    const ld = blogPostingJsonLd(
      {
        title: "Post",
        slug: "post",
        excerpt: "Excerpt",
        authorName: "Team",
        featuredImageUrl: "/uploads/p.webp",
        publishedAt: "2025-01-02T00:00:00.000Z",
      },
      "https://shop.example/blog/post",
    );
    expect(ld).toMatchObject({
      "@type": "BlogPosting",
      headline: "Post",
      description: "Excerpt",
      image: ["https://shop.example/uploads/p.webp"],
      datePublished: "2025-01-02T00:00:00.000Z",
      author: { "@type": "Person", name: "Team" },
    });
    expect(organizationJsonLd("https://shop.example")).toMatchObject({
      "@type": "Organization",
      name: "Peak Shilajit",
      url: "https://shop.example",
    });
  });
});

describe("seoMeta", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags with absolute URLs", () => {
    const meta = seoMeta(
      { title: "T", description: "D", path: "/blog/x", image: "/uploads/x.webp", type: "article" },
      "https://shop.example",
    );
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "T" },
        { name: "description", content: "D" },
        { tagName: "link", rel: "canonical", href: "https://shop.example/blog/x" },
        { property: "og:type", content: "article" },
        { property: "og:url", content: "https://shop.example/blog/x" },
        { property: "og:image", content: "https://shop.example/uploads/x.webp" },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:image", content: "https://shop.example/uploads/x.webp" },
      ]),
    );
    const plain = seoMeta({ title: "T", description: "D", path: "/" }, "https://shop.example");
    expect(plain).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(plain.some((m) => "property" in m && m.property === "og:image")).toBe(false);
  });

  it("keeps descriptions short and titles branded once", () => {
    const long = clampDescription("word ".repeat(80));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("…")).toBe(true);
    expect(pageTitle("Blog")).toBe("Blog | Peak Shilajit");
    expect(pageTitle("Gold | Peak Shilajit")).toBe("Gold | Peak Shilajit");
  });
});
