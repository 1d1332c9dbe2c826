/**
 * schema.org JSON-LD for the storefront pages, built by their loaders on the server: the builders
 * stay out of the browser bundle (the first-load budget, decision 015) and the page's `meta`
 * only places what the loader sent.
 */
import { brand } from "~core/brand.ts";
import type { ProductOption, ProductVariant } from "~core/catalog/catalog.ts";
import { clampDescription } from "~core/text/seo-text.ts";
import { absoluteUrl } from "~core/text/urls.ts";

/** The shop's logo for structured data (the Organization's and a BlogPosting publisher's). */
const BRAND_LOGO_PATH = "/favicon.svg";

export function organizationJsonLd(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    legalName: brand.legalName,
    url: publicUrl || `https://${brand.website}`,
    logo: absoluteUrl(publicUrl, BRAND_LOGO_PATH),
    email: brand.supportEmail,
    address: {
      "@type": "PostalAddress",
      addressLocality: "Dallas",
      addressRegion: "TX",
      addressCountry: "US",
    },
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: brand.supportEmail },
  };
}

/** The site and its search box (schema.org SearchAction), for the home page. */
export function websiteJsonLd(publicUrl: string) {
  const url = publicUrl || `https://${brand.website}`;
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: brand.name,
    url,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(url, "/search")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export type ProductForSeo = {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  soldOut: boolean;
  imageUrl?: string | null;
  imageUrls?: readonly string[];
  seoDescription?: string | null;
  weightType?: string;
  options?: readonly ProductOption[];
  /** Live variants in position order; with two or more the product is a ProductGroup. */
  variants?: readonly ProductVariant[];
  /** Approved reviews (the page's latest), for aggregateRating and review. */
  reviews?: ReviewsForSeo | null;
};

export type ReviewsForSeo = {
  average: number;
  count: number;
  reviews: readonly { authorName: string; rating: number; title: string; body: string; createdAt: string }[];
};

/** How many reviews the JSON-LD repeats (the page shows the rest; Google needs only a few). */
const JSON_LD_REVIEWS = 10;

/**
 * Google's review snippet rules: an aggregateRating only with at least one rating, each review
 * with its author (a Person), its rating and date; the best rating is 5 (schema.org's default,
 * said anyway).
 */
function ratingProperties(reviews: ReviewsForSeo | null | undefined) {
  if (!reviews || reviews.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.body,
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

const schema = (name: string) => `https://schema.org/${name}`;
const availability = (soldOut: boolean) => schema(soldOut ? "OutOfStock" : "InStock");

function usdOffer(priceCents: number, soldOut: boolean, url: string) {
  return {
    "@type": "Offer",
    url,
    priceCurrency: "USD",
    price: (priceCents / 100).toFixed(2),
    availability: availability(soldOut),
    itemCondition: schema("NewCondition"),
    seller: { "@type": "Organization", name: brand.name },
  };
}

/** gtin and mpn when the admin gave them. */
function identifiers(variant: ProductVariant | undefined) {
  return {
    ...(variant?.gtin ? { gtin: variant.gtin } : {}),
    ...(variant?.mpn ? { mpn: variant.mpn } : {}),
  };
}

/**
 * Google reads variants by these schema.org properties only (size, color, material, pattern…).
 * An option named like one of them is that property; every other option (Size, Weight, Pack…)
 * describes how much is sold, so together they are the variant's `size` ("50g / 3-pack").
 */
const namedProperties: Record<string, string> = {
  color: "color",
  colour: "color",
  material: "material",
  pattern: "pattern",
};

export function variantProperty(optionName: string) {
  return namedProperties[optionName.trim().toLowerCase()] ?? "size";
}

/** A variant's variesBy properties and their values, e.g. { size: "50g / 3-pack" }. */
function variantProperties(options: readonly ProductOption[], variant: ProductVariant) {
  const values: Record<string, string[]> = {};
  options.forEach((option, i) => {
    const value = variant.optionValues[i];
    const property = variantProperty(option.name);
    if (value) values[property] = [...(values[property] ?? []), value];
  });
  if (Object.keys(values).length === 0) values.size = [variant.title];
  return Object.fromEntries(Object.entries(values).map(([key, list]) => [key, list.join(" / ")]));
}

/**
 * schema.org JSON-LD for the product page; `url` is its canonical absolute URL. One variant:
 * Product with a USD Offer. Several: a ProductGroup whose hasVariant Products each have their
 * SKU, name, image and Offer linking to `?variant=` (Google's product variants rules).
 */
export function productJsonLd(product: ProductForSeo, url: string) {
  const origin = new URL(url).origin;
  const images = [product.imageUrl, ...(product.imageUrls ?? [])]
    .filter((src, i, all): src is string => !!src && all.indexOf(src) === i)
    .map((src) => absoluteUrl(origin, src));
  const variants = product.variants ?? [];
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: clampDescription(product.seoDescription || product.description || product.name, 500),
    url,
    brand: { "@type": "Brand", name: brand.name },
    ...ratingProperties(product.reviews),
  };
  if (variants.length > 1) {
    const options = product.options ?? [];
    const described = variants.map((variant) => ({
      variant,
      properties: variantProperties(options, variant),
    }));
    const hasVariant = described.map(({ variant, properties }) => {
      const image = variant.imageUrl ? absoluteUrl(origin, variant.imageUrl) : images[0];
      return {
        "@type": "Product",
        sku: variant.sku,
        name: `${product.name} ${variant.title}`,
        ...identifiers(variant),
        ...(image ? { image } : {}),
        ...properties,
        offers: usdOffer(
          variant.priceCents,
          variant.soldOut,
          `${url}?variant=${encodeURIComponent(variant.id)}`,
        ),
      };
    });
    const variesBy = [...new Set(described.flatMap(({ properties }) => Object.keys(properties)))];
    return {
      ...common,
      "@type": "ProductGroup",
      productGroupID: product.slug,
      ...(images.length ? { image: images } : {}),
      variesBy: variesBy.map(schema),
      hasVariant,
    };
  }
  const only = variants[0];
  return {
    ...common,
    "@type": "Product",
    sku: only?.sku ?? product.slug,
    ...identifiers(only),
    ...(images.length ? { image: images } : {}),
    ...(product.weightType ? { size: product.weightType } : {}),
    offers: usdOffer(product.priceCents, product.soldOut, url),
  };
}

export type PostForSeo = {
  title: string;
  slug: string;
  excerpt: string;
  authorName: string;
  featuredImageUrl?: string | null;
  seoDescription?: string | null;
  seoKeywords?: readonly string[];
  /** ISO dates. */
  publishedAt: string;
  updatedAt?: string;
};

export function blogPostingJsonLd(post: PostForSeo, url: string) {
  const origin = new URL(url).origin;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title.slice(0, 110),
    description: clampDescription(post.seoDescription || post.excerpt || post.title),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    // Article rich results want an image: the post's own, else the shop's logo.
    image: [absoluteUrl(origin, post.featuredImageUrl || BRAND_LOGO_PATH)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt ?? post.publishedAt,
    author: { "@type": "Person", name: post.authorName },
    // Google's Article rules: the publisher is an Organization with its logo.
    publisher: {
      "@type": "Organization",
      name: brand.name,
      url: origin,
      logo: { "@type": "ImageObject", url: absoluteUrl(origin, BRAND_LOGO_PATH) },
    },
    ...(post.seoKeywords?.length ? { keywords: post.seoKeywords.join(", ") } : {}),
  };
}
