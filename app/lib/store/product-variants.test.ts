import { describe, expect, it } from "vitest";
import type { ProductVariant } from "~core/catalog/catalog.ts";
import {
  compareAtPrice,
  galleryFor,
  hasVariantPicker,
  pickerLegend,
  pricesDiffer,
  urlWithVariant,
  variantLineText,
} from "./product-variants.ts";

const variant = (priceCents: number, more: Partial<ProductVariant> = {}): ProductVariant => ({
  id: `v${priceCents}`,
  sku: `SKU-${priceCents}`,
  title: "30g",
  optionValues: ["30g"],
  priceCents,
  compareAtCents: null,
  weightGrams: null,
  imageUrl: null,
  soldOut: false,
  gtin: null,
  mpn: null,
  ...more,
});

describe("product page variant helpers", () => {
  it("shows a picker only with two or more variants, its legend naming the options", () => {
    expect(hasVariantPicker({ variants: [variant(100)] })).toBe(false);
    expect(hasVariantPicker({ variants: [variant(100), variant(200)] })).toBe(true);
    expect(pickerLegend([{ name: "Size", values: [] }])).toBe("Size");
    expect(
      pickerLegend([
        { name: "Size", values: [] },
        { name: "Pack", values: [] },
      ]),
    ).toBe("Size / Pack");
    expect(pickerLegend([])).toBe("Option");
  });

  it("knows when prices differ and when a compare-at price is worth striking through", () => {
    expect(pricesDiffer([variant(100), variant(100, { id: "b" })])).toBe(false);
    expect(pricesDiffer([variant(100), variant(200)])).toBe(true);
    expect(compareAtPrice(variant(100, { compareAtCents: 150 }))).toBe(150);
    expect(compareAtPrice(variant(100, { compareAtCents: 100 }))).toBeNull();
    expect(compareAtPrice(variant(100))).toBeNull();
  });

  it("puts the chosen variant's own image first in the gallery, once", () => {
    expect(galleryFor(["/a.webp", "/b.webp"], variant(1, { imageUrl: "/b.webp" }))).toEqual([
      "/b.webp",
      "/a.webp",
    ]);
    expect(galleryFor(["/a.webp"], variant(1, { imageUrl: "/v.webp" }))).toEqual(["/v.webp", "/a.webp"]);
    expect(galleryFor(["/a.webp"], variant(1))).toEqual(["/a.webp"]);
    expect(galleryFor([], undefined)).toEqual([]);
  });

  it("sets ?variant= in the current address, keeping its path and other parameters", () => {
    expect(urlWithVariant("https://shop.example/product/gold", "v2")).toBe("/product/gold?variant=v2");
    expect(urlWithVariant("https://shop.example/products/gold?variant=v1&ref=mail#x", "v2")).toBe(
      "/products/gold?variant=v2&ref=mail#x",
    );
  });

  it("labels a cart line's weight as before and shows other variant titles as they are", () => {
    expect(variantLineText("30g")).toBe("Weight: 30g");
    expect(variantLineText("30ml")).toBe("Weight: 30ml");
    expect(variantLineText("2.5 oz")).toBe("Weight: 2.5 oz");
    expect(variantLineText("50g / 3-pack")).toBe("50g / 3-pack");
    expect(variantLineText("Large")).toBe("Large");
  });
});
