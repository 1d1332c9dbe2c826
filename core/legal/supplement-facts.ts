/**
 * Supplement Facts (21 CFR 101.36) and the structure/function claim disclaimer (21 CFR 101.93(c)).
 * The prescribed wordings live here, once; pages get them through loader data, not from this
 * module, so they stay out of browser bundles (docs/compliance.md, decision 045).
 */

/** One dietary ingredient row of the panel: amount per serving, and its % Daily Value if one is set. */
export type DietaryIngredient = {
  name: string;
  amount: number;
  unit: string;
  /** null when no Daily Value is established: the panel shows "†" instead. */
  dailyValuePercent: number | null;
};

export type SupplementFacts = {
  servingSize: string;
  servingsPerContainer: string;
  ingredients: DietaryIngredient[];
  otherIngredients: string;
  directions: string;
  warnings: string;
};

/** 21 CFR 101.36(b)(2)(iii)(F): the footnote when any ingredient has no Daily Value. */
export const DV_NOT_ESTABLISHED = "†Daily Value not established.";

export const PANEL_TITLE = "Supplement Facts";

/** 21 CFR 101.93(c)(2): the plural form, for a page with several claims (or none yet). */
export const DISCLAIMER_PLURAL =
  "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** 21 CFR 101.93(c)(1): the singular form, when the page shows exactly one claim. */
export const DISCLAIMER_SINGULAR =
  "This statement has not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** The wording for a page showing `claimCount` structure/function claims. */
export function disclaimerFor(claimCount: number): string {
  return claimCount === 1 ? DISCLAIMER_SINGULAR : DISCLAIMER_PLURAL;
}

/** A blog paragraph starting with this marker is a structure/function claim. */
export const CLAIM_MARKER = "[claim]";

/** A claim as shown: its text with one "*" pointing at the disclaimer. */
export function claimText(claim: string): string {
  return `${claim.replace(/\*+$/, "").trimEnd()}*`;
}

/** The % Daily Value cell: "25%", or "†" when none is established. */
export function dailyValueText(ingredient: DietaryIngredient): string {
  return ingredient.dailyValuePercent === null ? "†" : `${ingredient.dailyValuePercent}%`;
}

/** "300 mg": the amount as entered (no trailing zeros) and its unit. */
export function amountText(ingredient: DietaryIngredient): string {
  return `${Number(ingredient.amount.toFixed(3))} ${ingredient.unit}`;
}
