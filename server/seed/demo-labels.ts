import { and, eq } from "drizzle-orm";
import type { SupplementFacts } from "../../core/legal/supplement-facts.ts";
import { createProductLabel, createSupplementFacts } from "../../tests/factories/labels.ts";
import type { Db } from "../db/client.ts";
import { productVariants } from "../db/schema/index.ts";

/**
 * The demo products' labels (docs/compliance.md): Supplement Facts on each, a variant with its own
 * panel (the 100 g jar holds more servings), one claim, and a Prop 65 lead warning on the flagship
 * resin, as shilajit products commonly carry.
 */
const resin = (grams: number, fulvicMg: number): SupplementFacts => ({
  servingSize: "1 pea-sized portion (300 mg)",
  servingsPerContainer: `About ${Math.floor((grams * 1000) / 300)}`,
  ingredients: [
    {
      name: "Himalayan shilajit resin (Asphaltum punjabianum)",
      amount: 300,
      unit: "mg",
      dailyValuePercent: null,
    },
    { name: "Fulvic acid", amount: fulvicMg, unit: "mg", dailyValuePercent: null },
  ],
  otherIngredients: "None. Pure resin, no fillers.",
  directions:
    "Dissolve one pea-sized portion in warm water, tea or milk once a day. Do not exceed 600 mg a day.",
  warnings:
    "Consult your healthcare provider before use if you are pregnant, nursing, taking medication or have a medical condition. Keep out of reach of children.",
});

const drops: SupplementFacts = {
  servingSize: "1 dropper (1 mL)",
  servingsPerContainer: "30",
  ingredients: [
    { name: "Himalayan shilajit extract", amount: 400, unit: "mg", dailyValuePercent: null },
    { name: "Fulvic acid", amount: 200, unit: "mg", dailyValuePercent: null },
  ],
  otherIngredients: "Purified water.",
  directions: "Add one dropper to water or tea once a day. Shake well before use.",
  warnings:
    "Consult your healthcare provider before use if you are pregnant or nursing. Keep out of reach of children.",
};

const factsBySlug: Record<string, SupplementFacts> = {
  "pure-himalayan-shilajit-resin": resin(30, 150),
  "gold-grade-shilajit-resin": resin(30, 195),
  "liquid-shilajit-drops": drops,
  "summit-reserve-shilajit-resin": resin(30, 165),
};

export async function seedDemoLabels(tx: Db, productIdsBySlug: Map<string, string>) {
  for (const [slug, facts] of Object.entries(factsBySlug)) {
    const productId = productIdsBySlug.get(slug);
    if (productId) await createSupplementFacts(tx, productId, facts);
  }
  const flagship = productIdsBySlug.get("pure-himalayan-shilajit-resin");
  if (!flagship) return;
  const [jar100] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, flagship), eq(productVariants.title, "100g")));
  if (jar100) await createSupplementFacts(tx, flagship, resin(100, 150), jar100.id);
  await createProductLabel(tx, flagship, {
    claims: ["Supports natural energy and vitality."],
    prop65: { chemicals: ["lead"], endpoint: "reproductive" },
  });
}
