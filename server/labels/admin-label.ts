import type { Db } from "../db/client.ts";
import { findLabelledProduct, loadProductLabel } from "./labels.ts";
import { labelBlockHtml } from "./product-page.ts";
import { getLabelSettings } from "./settings.ts";

/**
 * The admin label screen of one product (/admin/products/:id/label): the facts being edited —
 * the product's, or with ?variant= that variant's own (starting from the product's when it has
 * none yet) — its claims and Prop 65 warning, the shop-wide settings and a preview of the block
 * the product page shows. null for an unknown product.
 */
export async function loadLabelScreen(db: Db, productId: string, variantId: string | null) {
  const found = await findLabelledProduct(db, productId);
  if (!found) return null;
  const variant = found.variants.find((v) => v.id === variantId) ?? null;
  const [label, settings] = await Promise.all([loadProductLabel(db, productId), getLabelSettings(db)]);
  const own = variant ? (label.variantFacts[variant.id] ?? null) : label.facts;
  const shown = own ?? label.facts;
  return {
    ...found,
    variant,
    /** What the facts form starts with. */
    facts: shown,
    /** True when the chosen variant has facts of its own (they can be removed). */
    hasOverride: Boolean(variant && own),
    overrides: Object.keys(label.variantFacts),
    claims: label.claims,
    prop65: label.prop65,
    settings,
    preview: labelBlockHtml(label, shown, settings),
  };
}
