import { describe, expect, it } from "vitest";
import type { ProductVariant } from "~core/catalog/catalog.ts";
import {
  blogPostingJsonLd,
  organizationJsonLd,
  productJsonLd,
  variantProperty,
} from "~server/seo/json-ld.ts";
import { clampDescription, pageTitle, seoMeta } from "./seo.ts";

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
    expect(productJsonLd({ ...product, soldOut: true }, "https://shop.example/p")).toMatchObject({
      offers: { availability: "https://schema.org/OutOfStock" },
    });
    expect(productJsonLd({ ...product, seoDescription: null }, "https://shop.example/p").description).toBe(
      "Long description",
    );
  });
});

const variant = (id: string, title: string, optionValues: string[], more: Partial<ProductVariant> = {}) => ({
  id,
  sku: `GOLD-${title.replace(/\W+/g, "-").toUpperCase()}`,
  title,
  optionValues,
  priceCents: 8999,
  compareAtCents: null,
  weightGrams: null,
  imageUrl: null,
  soldOut: false,
  gtin: null,
  mpn: null,
  ...more,
});

describe("productJsonLd with variants", () => {
  const url = "https://shop.example/product/gold-grade";

  it("keeps one variant a Product with an Offer, with the variant's SKU and identifiers", () => {
    const only = variant("v1", "30g", ["30g"], { gtin: "00012345678905", mpn: "PS-30" });
    const ld = productJsonLd(
      { ...product, options: [{ name: "Size", values: ["30g"] }], variants: [only] },
      url,
    );
    expect(ld).toMatchObject({
      "@type": "Product",
      sku: "GOLD-30G",
      gtin: "00012345678905",
      mpn: "PS-30",
      size: "30g",
      offers: { "@type": "Offer", price: "89.99", url },
    });
    expect(ld).not.toHaveProperty("hasVariant");
  });

  it("makes several variants a ProductGroup of Products, each with its SKU, image, size and Offer", () => {
    const ld = productJsonLd(
      {
        ...product,
        options: [
          { name: "Size", values: ["30g", "50g"] },
          { name: "Pack", values: ["1-pack", "3-pack"] },
        ],
        variants: [
          variant("a", "30g / 1-pack", ["30g", "1-pack"]),
          variant("b", "50g / 3-pack", ["50g", "3-pack"], {
            priceCents: 19999,
            soldOut: true,
            imageUrl: "/uploads/gold-50.webp",
          }),
        ],
      },
      url,
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      productGroupID: "gold-grade",
      name: "Gold Grade Shilajit Resin",
      url,
      brand: { "@type": "Brand", name: "Peak Shilajit" },
      variesBy: ["https://schema.org/size"],
      hasVariant: [
        {
          "@type": "Product",
          sku: "GOLD-30G-1-PACK",
          name: "Gold Grade Shilajit Resin 30g / 1-pack",
          size: "30g / 1-pack",
          image: "https://shop.example/uploads/gold-1.webp",
          offers: {
            "@type": "Offer",
            price: "89.99",
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
            url: `${url}?variant=a`,
          },
        },
        {
          sku: "GOLD-50G-3-PACK",
          size: "50g / 3-pack",
          image: "https://shop.example/uploads/gold-50.webp",
          offers: { price: "199.99", availability: "https://schema.org/OutOfStock", url: `${url}?variant=b` },
        },
      ],
    });
    // A group is not for sale itself: no Offer (nor SKU) of its own.
    expect(ld).not.toHaveProperty("offers");
    expect(ld).not.toHaveProperty("sku");
  });

  it("names colour, material and pattern options by their own schema.org property", () => {
    expect(variantProperty("Colour")).toBe("color");
    expect(variantProperty(" pattern ")).toBe("pattern");
    expect(variantProperty("Weight")).toBe("size");
    const ld = productJsonLd(
      {
        ...product,
        options: [
          { name: "Size", values: ["30g"] },
          { name: "Color", values: ["Gold", "Black"] },
        ],
        variants: [
          variant("a", "30g / Gold", ["30g", "Gold"]),
          variant("b", "30g / Black", ["30g", "Black"]),
        ],
      },
      url,
    );
    expect(ld).toMatchObject({
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
      hasVariant: [
        { size: "30g", color: "Gold" },
        { size: "30g", color: "Black" },
      ],
    });
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
