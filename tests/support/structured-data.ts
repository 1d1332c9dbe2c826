/**
 * The close checks beside structured-data-testing-tool (tests/support/google-rich-results.ts, which
 * tests that properties are present): the values of JSON-LD against Google Search Central's
 * documented required properties (and the recommended ones we promise)
 * for the types the shop emits: Product / ProductGroup (with offers, aggregateRating, review),
 * BlogPosting (Article), Organization, WebSite and BreadcrumbList. Returns the problems found, as
 * "Type.path: what is wrong"; an empty list passes.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const isUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^\s]+$/.test(v);
const isDate = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(v);
const isNumber = (v: unknown) =>
  (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && /^\d+(\.\d+)?$/.test(v));

class Problems {
  constructor(
    private readonly where: string,
    readonly found: string[] = [],
  ) {}
  /** The same list, for a nested property. */
  at(path: string) {
    return new Problems(`${this.where}.${path}`, this.found);
  }
  need(ok: boolean, what: string) {
    if (!ok) this.found.push(`${this.where}: ${what}`);
  }
}

function checkOffer(offer: unknown, p: Problems) {
  if (!isObject(offer)) return p.need(false, "must be an Offer");
  p.need(offer["@type"] === "Offer" || offer["@type"] === "AggregateOffer", "@type must be Offer");
  p.need(isNumber(offer.price) || isObject(offer.priceSpecification), "price is required");
  p.need(/^[A-Z]{3}$/.test(String(offer.priceCurrency ?? "")), "priceCurrency must be an ISO 4217 code");
  p.need(
    String(offer.availability ?? "").startsWith("https://schema.org/"),
    "availability should be a schema.org URL",
  );
}

function checkRatingValue(rating: Json, p: Problems) {
  const best = Number(rating.bestRating ?? 5);
  const worst = Number(rating.worstRating ?? 1);
  const value = Number(rating.ratingValue);
  p.need(isNumber(rating.ratingValue), "ratingValue is required");
  p.need(value >= worst && value <= best, `ratingValue ${value} must be within ${worst}–${best}`);
}

function checkAggregateRating(rating: unknown, p: Problems) {
  if (!isObject(rating)) return p.need(false, "must be an AggregateRating");
  p.need(rating["@type"] === "AggregateRating", "@type must be AggregateRating");
  checkRatingValue(rating, p);
  const count = Number(rating.reviewCount ?? rating.ratingCount);
  p.need(Number.isInteger(count) && count > 0, "reviewCount or ratingCount (> 0) is required");
}

function checkReview(review: unknown, p: Problems) {
  if (!isObject(review)) return p.need(false, "must be a Review");
  p.need(review["@type"] === "Review", "@type must be Review");
  const author = review.author;
  p.need(
    isObject(author) && (author["@type"] === "Person" || author["@type"] === "Organization"),
    "author must be a Person or Organization",
  );
  p.need(
    isObject(author) && text(author.name) && String(author.name).length < 100,
    "author.name is required (< 100 chars)",
  );
  p.need(isObject(review.reviewRating), "reviewRating is required");
  if (isObject(review.reviewRating)) checkRatingValue(review.reviewRating, p.at("reviewRating"));
  p.need(
    review.datePublished === undefined || isDate(review.datePublished),
    "datePublished must be an ISO 8601 date",
  );
}

/** Product snippets and merchant listings: name, image, and offers or review or aggregateRating. */
export function checkProduct(data: Json, p = new Problems(String(data["@type"]))): string[] {
  p.need(text(data.name), "name is required");
  const reviewed = data.aggregateRating !== undefined || data.review !== undefined;
  if (data["@type"] === "ProductGroup") {
    p.need(text(data.productGroupID), "productGroupID is recommended");
    const variants = list(data.hasVariant);
    p.need(variants.length > 0, "hasVariant is required");
    variants.forEach((v, i) => {
      if (isObject(v)) checkProduct(v, p.at(`hasVariant[${i}]`));
      else p.need(false, `hasVariant[${i}] must be a Product`);
    });
  } else {
    p.need(data["@type"] === "Product", "@type must be Product");
    p.need(data.offers !== undefined || reviewed, "one of offers, review or aggregateRating is required");
    for (const offer of list(data.offers)) checkOffer(offer, p.at("offers"));
    p.need(list(data.image).length > 0 && list(data.image).every(isUrl), "image must be absolute URLs");
  }
  if (data.aggregateRating !== undefined) checkAggregateRating(data.aggregateRating, p.at("aggregateRating"));
  for (const [i, r] of list(data.review).entries()) checkReview(r, p.at(`review[${i}]`));
  if (data.review !== undefined)
    p.need(data.aggregateRating !== undefined, "reviews come with an aggregateRating");
  return p.found;
}

function checkLogo(logo: unknown, p: Problems) {
  p.need(
    isUrl(logo) || (isObject(logo) && isUrl(logo.url)),
    "logo must be a URL or an ImageObject with a url",
  );
}

/** Article (BlogPosting): headline, dates, author with a name, and a publisher with its logo. */
export function checkBlogPosting(data: Json, p = new Problems("BlogPosting")): string[] {
  p.need(data["@type"] === "BlogPosting" || data["@type"] === "Article", "@type must be BlogPosting");
  p.need(text(data.headline) && String(data.headline).length <= 110, "headline is required (≤ 110 chars)");
  p.need(isDate(data.datePublished), "datePublished must be ISO 8601");
  p.need(data.dateModified === undefined || isDate(data.dateModified), "dateModified must be ISO 8601");
  const authors = list(data.author);
  p.need(authors.length > 0, "author is required");
  for (const a of authors) p.need(isObject(a) && text(a.name), "author.name is required");
  const publisher = data.publisher;
  p.need(
    isObject(publisher) && publisher["@type"] === "Organization" && text(publisher.name),
    "publisher must be an Organization with a name",
  );
  if (isObject(publisher)) checkLogo(publisher.logo, p.at("publisher"));
  for (const image of list(data.image)) p.need(isUrl(image), "image must be absolute URLs");
  return p.found;
}

export function checkOrganization(data: Json, p = new Problems("Organization")): string[] {
  p.need(text(data.name), "name is required");
  p.need(isUrl(data.url), "url must be absolute");
  checkLogo(data.logo, p);
  return p.found;
}

export function checkWebSite(data: Json, p = new Problems("WebSite")): string[] {
  p.need(text(data.name), "name is required");
  p.need(isUrl(data.url), "url must be absolute");
  return p.found;
}

export function checkBreadcrumbList(data: Json, p = new Problems("BreadcrumbList")): string[] {
  const items = list(data.itemListElement);
  p.need(items.length > 0, "itemListElement is required");
  items.forEach((item, i) => {
    const at = p.at(`itemListElement[${i}]`);
    at.need(isObject(item) && item["@type"] === "ListItem", "@type must be ListItem");
    at.need(isObject(item) && item.position === i + 1, `position must be ${i + 1}`);
    at.need(isObject(item) && text(item.name), "name is required");
    at.need(
      isObject(item) && (i === items.length - 1 || isUrl(item.item)),
      "item URL is required (but on the last)",
    );
  });
  return p.found;
}

const checkers: Record<string, (data: Json) => string[]> = {
  Product: checkProduct,
  ProductGroup: checkProduct,
  BlogPosting: checkBlogPosting,
  Article: checkBlogPosting,
  Organization: checkOrganization,
  WebSite: checkWebSite,
  BreadcrumbList: checkBreadcrumbList,
};

/** Checks one JSON-LD block; an unknown @type is itself a problem (add its rules here first). */
export function checkStructuredData(data: unknown): string[] {
  if (!isObject(data)) return ["JSON-LD must be an object"];
  if (data["@context"] !== "https://schema.org")
    return [`${String(data["@type"])}: @context must be https://schema.org`];
  const check = checkers[String(data["@type"])];
  return check ? check(data) : [`${String(data["@type"])}: no rules for this type`];
}

/** Every `<script type="application/ld+json">` block of an HTML page, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}
