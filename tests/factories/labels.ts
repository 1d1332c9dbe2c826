import type { SupplementFactsInput } from "../../core/forms/supplement-label-form.ts";
import type { SupplementFacts } from "../../core/legal/supplement-facts.ts";
import type { Db } from "../../server/db/client.ts";
import { productLabels, supplementFacts } from "../../server/db/schema/index.ts";

/** A shilajit panel: the resin (no Daily Value, so †) and its fulvic acid. */
export const sampleFacts: SupplementFactsInput = {
  servingSize: "1 pea-sized portion (300 mg)",
  servingsPerContainer: "About 100",
  ingredients: [
    { name: "Shilajit resin", amount: 300, unit: "mg", dailyValuePercent: null },
    { name: "Fulvic acid", amount: 150, unit: "mg", dailyValuePercent: null },
  ],
  otherIngredients: "",
  directions: "Dissolve one portion in warm water or tea once a day.",
  warnings: "Keep out of reach of children.",
};

/** Supplement Facts for a product, or a variant's own when `variantId` is given. */
export async function createSupplementFacts(
  db: Db,
  productId: string,
  facts: Partial<SupplementFacts> = {},
  variantId: string | null = null,
) {
  await db.insert(supplementFacts).values({ ...sampleFacts, ...facts, productId, variantId });
}

/** A product's claims and Prop 65 warning (none unless given). */
export async function createProductLabel(
  db: Db,
  productId: string,
  label: {
    claims?: string[];
    prop65?: { chemicals: string[]; endpoint: "cancer" | "reproductive" | "both" };
  },
) {
  await db.insert(productLabels).values({
    productId,
    claims: label.claims ?? [],
    prop65Warning: Boolean(label.prop65),
    prop65Chemicals: label.prop65?.chemicals ?? [],
    prop65Endpoint: label.prop65?.endpoint ?? null,
  });
}
