import { describe, expect, it } from "vitest";
import {
  applyStep,
  emptyRow,
  generateVariants,
  moveRow,
  parseStep,
  renameInRows,
  type VariantsDraft,
} from "~core/catalog/variant-drafts.ts";
import { readVariantsDraft } from "./variant-form.ts";

const key = (n: number) => `k${n}`;

describe("the variant editor's steps", () => {
  const draft: VariantsDraft = {
    options: [
      { name: "Size", values: "30g, 50g" },
      { name: "Pack", values: "1, 3" },
    ],
    variants: [{ ...emptyRow(["50g", "1"], "a"), price: "20", weightGrams: "80" }],
  };

  it("generates the missing combinations after the existing rows, priced like the first", () => {
    const rows = generateVariants(draft, key);
    expect(rows.map((r) => [r.values.join("/"), r.price, r.weightGrams, r.key])).toEqual([
      ["50g/1", "20", "80", "a"],
      ["30g/1", "20", "80", "k0"],
      ["30g/3", "20", "80", "k1"],
      ["50g/3", "20", "80", "k2"],
    ]);
    // An archived row counts as existing: restore it instead of making a twin.
    const archived = { ...draft, variants: [{ ...draft.variants[0]!, archived: true }] };
    expect(generateVariants(archived, key)).toHaveLength(4);
  });

  it("replaces the new product's default 30ml row once the options no longer have it, keeping saved rows", () => {
    const fresh: VariantsDraft = {
      options: [{ name: "Size", values: "30g, 50g, 100g" }],
      variants: [{ ...emptyRow(["30ml"], "new-0"), price: "39.99" }],
    };
    const rows = generateVariants(fresh, key);
    expect(rows.map((r) => [r.values.join("/"), r.price])).toEqual([
      ["30g", "39.99"],
      ["50g", "39.99"],
      ["100g", "39.99"],
    ]);
    const saved = {
      ...fresh,
      variants: [{ ...fresh.variants[0]!, id: "11111111-1111-4111-8111-111111111111" }],
    };
    expect(generateVariants(saved, key).map((r) => r.values.join("/"))).toEqual([
      "30ml",
      "30g",
      "50g",
      "100g",
    ]);
  });

  it("renames a value in the rows when edited in place, and leaves rows alone otherwise", () => {
    const renamed = renameInRows(
      draft.options,
      [{ name: "Size", values: "30g, 60g" }, draft.options[1]!],
      draft.variants,
    );
    expect(renamed[0]!.values).toEqual(["60g", "1"]);
    const added = renameInRows(
      draft.options,
      [{ name: "Size", values: "30g, 50g, 60g" }, draft.options[1]!],
      draft.variants,
    );
    expect(added[0]).toBe(draft.variants[0]);
  });

  it("moves within bounds and parses only known steps", () => {
    expect(moveRow([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveRow([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(parseStep("down:12")).toEqual({ kind: "down", index: 12 });
    expect(parseStep("save")).toBeNull();
    expect(parseStep("up:99999")).toBeNull();
    const restored = applyStep(
      { ...draft, variants: [{ ...draft.variants[0]!, archived: true }] },
      parseStep("restore:0")!,
      key,
    );
    expect(restored.variants[0]!.archived).toBe(false);
  });
});

describe("reading the editor's fields", () => {
  it("reads rows in index order and ignores indexes beyond the limit", () => {
    const form = new FormData();
    form.append("options.0.name", "Size");
    form.append("options.0.values", "30g, 50g");
    form.append("variants.5.sku", "B");
    form.append("variants.5.values.0", "50g");
    form.append("variants.2.sku", "A");
    form.append("variants.2.values.0", "30g");
    form.append("variants.2.soldOut", "on");
    form.append("variants.9999.sku", "FAR");
    const { options, variants } = readVariantsDraft(form);
    expect(options).toEqual([{ name: "Size", values: "30g, 50g" }]);
    expect(variants.map((v) => [v.sku, v.values, v.soldOut, v.archived])).toEqual([
      ["A", ["30g"], true, false],
      ["B", ["50g"], false, false],
    ]);
  });
});
