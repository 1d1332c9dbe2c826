import { describe, expect, it } from "vitest";
import { productInputSchema } from "~server/catalog/admin-products.ts";
import { readQuantityTiers } from "~server/catalog/quantity-tiers.ts";
import { productFormValues } from "./admin-form-values.ts";

const rows = (...pairs: [string, string][]) =>
  pairs.map(([minQuantity, percentOff]) => ({ minQuantity, percentOff }));
const problem = (...pairs: [string, string][]) => {
  const read = readQuantityTiers(rows(...pairs));
  return "problem" in read ? read.problem : null;
};

describe("quantity tiers from the product form", () => {
  it("drops blank rows and sorts the tiers by quantity", () => {
    expect(readQuantityTiers(rows(["6", "15"], ["", " "], [" 3 ", "10"]))).toEqual({
      tiers: [
        { minQuantity: 3, percentOff: 10 },
        { minQuantity: 6, percentOff: 15 },
      ],
    });
  });

  it("says clearly what is wrong with a bad tier", () => {
    expect(problem(["1", "10"])).toBe("Tier 1: the quantity must be a whole number from 2 to 99.");
    expect(problem(["3", "10"], ["100", "20"])).toBe(
      "Tier 2: the quantity must be a whole number from 2 to 99.",
    );
    expect(problem(["3.5", "10"])).toBe("Tier 1: the quantity must be a whole number from 2 to 99.");
    expect(problem(["3", ""])).toBe("Tier 1: the saving must be a whole percent from 1 to 90.");
    expect(problem(["3", "91"])).toBe("Tier 1: the saving must be a whole percent from 1 to 90.");
    expect(problem(["3", "0"])).toBe("Tier 1: the saving must be a whole percent from 1 to 90.");
    expect(problem(["3", "10"], ["3", "15"])).toBe(
      "Two tiers are for 3 units; give each tier its own quantity.",
    );
    expect(problem(["6", "10"], ["3", "15"])).toBe("Buying 6 must save more than buying 3 (15%).");
    expect(problem(["2", "1"], ["3", "2"], ["4", "3"], ["5", "4"], ["6", "5"], ["7", "6"])).toBe(
      "A product can have at most 5 quantity tiers.",
    );
  });

  it("reaches the product input through the form's paired fields, the message under quantityTiers", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Resin",
      "options.0.name": "Size",
      "options.0.values": "30g",
      "variants.0.values.0": "30g",
      "variants.0.price": "10",
      seoTitle: "",
      seoDescription: "",
    }))
      form.set(k, v);
    for (const [q, p] of [
      ["3", "10"],
      ["6", "15"],
    ]) {
      form.append("tierMinQuantity", q!);
      form.append("tierPercentOff", p!);
    }
    expect(productInputSchema.parse(productFormValues(form)).quantityTiers).toEqual([
      { minQuantity: 3, percentOff: 10 },
      { minQuantity: 6, percentOff: 15 },
    ]);
    form.set("tierPercentOff", "95");
    const result = productInputSchema.safeParse(productFormValues(form));
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["quantityTiers", "Tier 1: the saving must be a whole percent from 1 to 90."],
    ]);
  });
});
