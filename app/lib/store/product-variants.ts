import type { ProductDetail, ProductOption, ProductVariant } from "~core/catalog/catalog.ts";

/** A product page shows a variant picker only when there is something to choose. */
export function hasVariantPicker(product: Pick<ProductDetail, "variants">) {
  return product.variants.length > 1;
}

/** The picker's legend: the option names ("Size", "Size / Pack"). */
export function pickerLegend(options: ProductOption[]) {
  return options.map((option) => option.name).join(" / ") || "Option";
}

/** True when not every variant costs the same. */
export function pricesDiffer(variants: ProductVariant[]) {
  return new Set(variants.map((v) => v.priceCents)).size > 1;
}

/** The gallery for a chosen variant: its own image first when it has one, then the product's. */
export function galleryFor(images: string[], variant: Pick<ProductVariant, "imageUrl"> | undefined) {
  const own = variant?.imageUrl;
  return own ? [own, ...images.filter((src) => src !== own)] : images;
}

/** The compare-at price to strike through, when it is above the price. */
export function compareAtPrice(variant: Pick<ProductVariant, "priceCents" | "compareAtCents">) {
  return variant.compareAtCents !== null && variant.compareAtCents > variant.priceCents
    ? variant.compareAtCents
    : null;
}

/**
 * How a cart line names its variant: "Weight: 30g" for a weight (every product made before
 * variants), otherwise the title as it is ("50g / 3-pack") — a label would only be a guess.
 */
export function variantLineText(title: string) {
  return /^\d+(?:[.,]\d+)?\s?(?:mg|g|kg|ml|l|oz|lb)$/i.test(title.trim()) ? `Weight: ${title}` : title;
}

/**
 * The address bar's URL with `?variant=` set to the chosen variant, other parameters and the path
 * (either product prefix) kept, so the choice can be linked and a reload shows it.
 */
export function urlWithVariant(href: string, variantId: string) {
  const url = new URL(href);
  url.searchParams.set("variant", variantId);
  return url.pathname + url.search + url.hash;
}
