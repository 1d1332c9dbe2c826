import type { SupplementFacts } from "../../core/legal/supplement-facts.ts";
import type { Db } from "../db/client.ts";
import { claimsHtml, prop65DetailsHtml, supplementFactsHtml } from "./label-html.ts";
import { loadProductLabel, type ProductLabel } from "./labels.ts";
import { getLabelSettings, type LabelSettings } from "./settings.ts";

/**
 * The product page's label block as HTML: the Prop 65 warning, the claims with the FDA
 * disclaimer, and the Supplement Facts panel. `variants` holds the block of each variant with
 * its own facts, so switching variants on the page swaps it without a request.
 */
export type PageLabel = { html: string; variants: Record<string, string> };

export function labelBlockHtml(label: ProductLabel, facts: SupplementFacts | null, settings: LabelSettings) {
  const warning = label.prop65 ? prop65DetailsHtml(label.prop65.chemicals, label.prop65.endpoint) : "";
  const claims = claimsHtml(label.claims, settings.disclaimerWithoutClaims);
  return warning + claims + (facts ? supplementFactsHtml(facts) : "");
}

/** null when the product shows no label at all (no facts, claims or warning, disclaimer switched off). */
export async function labelForPage(db: Db, productId: string): Promise<PageLabel | null> {
  const [label, settings] = await Promise.all([loadProductLabel(db, productId), getLabelSettings(db)]);
  const html = labelBlockHtml(label, label.facts, settings);
  const variants = Object.fromEntries(
    Object.entries(label.variantFacts).map(([id, facts]) => [id, labelBlockHtml(label, facts, settings)]),
  );
  return html || Object.keys(variants).length > 0 ? { html, variants } : null;
}
