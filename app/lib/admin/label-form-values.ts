import { readForm } from "~/lib/forms.ts";
import type { IngredientRow } from "~core/forms/supplement-label-form.ts";

/** The Supplement Facts form (app/routes/admin/product-label.tsx) as typed; blank ingredient rows dropped. */
export function factsFormValues(form: FormData) {
  const values = readForm(form, {
    servingSize: "text",
    servingsPerContainer: "text",
    otherIngredients: "text",
    directions: "text",
    warnings: "text",
  });
  const rows = readForm(form, { name: "list", amount: "list", unit: "list", dailyValue: "list" });
  const ingredients: IngredientRow[] = rows.name
    .map((name, i) => ({
      name,
      amount: rows.amount[i] ?? "",
      unit: rows.unit[i] ?? "",
      dailyValuePercent: rows.dailyValue[i] ?? "",
    }))
    .filter((row) => `${row.name}${row.amount}${row.dailyValuePercent}`.trim() !== "");
  return { ...values, ingredients };
}
export type FactsFormValues = ReturnType<typeof factsFormValues>;

/** The claims and Prop 65 form, as typed. */
export function productLabelFormValues(form: FormData) {
  return readForm(form, {
    claims: "text",
    prop65Warning: "switch",
    prop65Chemicals: "text",
    prop65Endpoint: "text",
  });
}

/** The shop-wide settings form. */
export function labelSettingsFormValues(form: FormData) {
  return readForm(form, { prop65Audience: "text", disclaimerWithoutClaims: "switch" });
}
