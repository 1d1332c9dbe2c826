/**
 * A page's structured data through structured-data-testing-tool: its Google preset (Organization,
 * WebPage, Article and BlogPosting as Google documents them), plus presets in the tool's own format
 * for what that preset leaves out and the shop emits: Google's product snippet / merchant listing
 * (Product) and product variants (ProductGroup). tests/support/structured-data.ts checks the values
 * more closely (rating ranges, ISO dates, URLs); this checks the page as the tool reads it.
 */
import sdtt from "structured-data-testing-tool";
import toolPresets from "structured-data-testing-tool/presets.js";

type ToolTest = { test: string; expect?: unknown; warning?: boolean; optional?: boolean };
type ToolPreset = {
  name: string;
  description: string;
  schema?: string;
  conditional?: ToolTest;
  tests?: ToolTest[];
  /** A preset may be made of presets (the tool's Google preset is). */
  presets?: object[];
};

/** Google's required offer fields, under one JMESPath prefix. */
const offerTests = (prefix: string): ToolTest[] => [
  { test: `${prefix}.offers."@type"` },
  { test: `${prefix}.offers.price` },
  { test: `${prefix}.offers.priceCurrency`, expect: "USD" },
  { test: `${prefix}.offers.availability` },
];

/** A product page with one variant: a Product with its Offer. */
const productSnippet: ToolPreset = {
  name: "Google Product",
  description:
    "Product snippet and merchant listing (developers.google.com/search/docs/appearance/structured-data/product)",
  schema: "Product",
  conditional: { test: "Product" },
  tests: [
    { test: 'Product[*]."@type"', expect: "Product" },
    { test: "Product[*].name" },
    { test: "Product[*].image" },
    ...offerTests("Product[*]"),
    { test: "Product[*].description", warning: true },
    { test: "Product[*].brand.name", warning: true },
    { test: "Product[*].sku", warning: true },
  ],
};

/** A product page with several variants: a ProductGroup whose variants are Products with offers. */
const productVariants: ToolPreset = {
  name: "Google ProductGroup",
  description:
    "Product variants (developers.google.com/search/docs/appearance/structured-data/product-variants)",
  schema: "ProductGroup",
  conditional: { test: "ProductGroup" },
  tests: [
    { test: "ProductGroup[*].name" },
    { test: "ProductGroup[*].productGroupID" },
    { test: "ProductGroup[*].variesBy" },
    // The tool allows one [*] (the instance); the first and the last variant stand for the rest.
    ...["0", "-1"].flatMap((at) => [
      { test: `ProductGroup[*].hasVariant[${at}]."@type"`, expect: "Product" },
      { test: `ProductGroup[*].hasVariant[${at}].name` },
      { test: `ProductGroup[*].hasVariant[${at}].image` },
      ...offerTests(`ProductGroup[*].hasVariant[${at}]`),
    ]),
  ],
};

/** Review snippets, when the product has ratings. */
const reviewSnippet = (schema: "Product" | "ProductGroup"): ToolPreset => ({
  name: `Google review snippet (${schema})`,
  description: "Review snippet (developers.google.com/search/docs/appearance/structured-data/review-snippet)",
  schema,
  conditional: { test: `${schema}[*].aggregateRating` },
  tests: [
    { test: `${schema}[*].aggregateRating.ratingValue` },
    { test: `${schema}[*].aggregateRating.reviewCount` },
    { test: `${schema}[*].review[0].author.name` },
    { test: `${schema}[*].review[0].reviewRating.ratingValue` },
  ],
});

export const shopPresets: ToolPreset[] = [
  toolPresets.Google,
  productSnippet,
  productVariants,
  reviewSnippet("Product"),
  reviewSnippet("ProductGroup"),
];

export type RichResultsReport = { schemas: string[]; passed: number; failed: string[] };

/**
 * Runs the tool over a page's HTML. `failed` lists each failed test as "group: test — why"; the
 * tool's warnings (recommended properties) do not fail.
 */
export async function googleRichResults(html: string): Promise<RichResultsReport> {
  try {
    const result = await sdtt.structuredDataTest(html, { presets: shopPresets });
    return { schemas: result.schemas, passed: result.passed.length, failed: [] };
  } catch (error) {
    const failure = error as { type?: string; res?: ToolResult };
    if (failure.type !== "VALIDATION_FAILED" || !failure.res) throw error;
    return {
      schemas: failure.res.schemas,
      passed: failure.res.passed.length,
      failed: failure.res.failed.map(
        (t) => `${t.groups?.join(" > ") ?? t.group}: ${t.test} — ${t.error?.message ?? "failed"}`,
      ),
    };
  }
}

type ToolResult = {
  schemas: string[];
  passed: unknown[];
  failed: { group?: string; groups?: string[]; test: string; error?: { message: string } }[];
};
