import { PROP65_SIGNAL_WORD, type Prop65Endpoint, prop65WarningBody } from "../../core/legal/prop65.ts";
import {
  amountText,
  claimText,
  DV_NOT_ESTABLISHED,
  dailyValueText,
  disclaimerFor,
  PANEL_TITLE,
  type SupplementFacts,
} from "../../core/legal/supplement-facts.ts";
import { escapeHtml as esc } from "../../core/text/html.ts";

/**
 * The label pieces as server-made HTML: the product page and /checkout are at their JavaScript
 * budget (decision 015), so the markup travels as loader data, not as component code (decision
 * 045). Every text the owner typed goes through `esc`; the rest is our own fixed markup, styled
 * by the `.label-*` rules in app/app.css.
 */

/** The Supplement Facts panel (21 CFR 101.36) as an accessible table, "Other ingredients" below it. */
export function supplementFactsHtml(facts: SupplementFacts): string {
  const rows = facts.ingredients
    .map(
      (i) =>
        `<tr><th scope="row">${esc(i.name)}</th><td>${esc(amountText(i))}</td><td>${esc(dailyValueText(i))}</td></tr>`,
    )
    .join("");
  const dagger = facts.ingredients.some((i) => i.dailyValuePercent === null);
  const footnote = dagger ? `<tfoot><tr><td colspan="3">${esc(DV_NOT_ESTABLISHED)}</td></tr></tfoot>` : "";
  return (
    '<div class="label-facts">' +
    `<table><caption>${PANEL_TITLE}</caption><thead>` +
    `<tr class="label-serving"><td colspan="3">Serving Size ${esc(facts.servingSize)}<br>` +
    `Servings Per Container ${esc(facts.servingsPerContainer)}</td></tr>` +
    '<tr class="label-columns"><th scope="col"><span class="sr-only">Dietary ingredient</span></th>' +
    '<th scope="col">Amount Per Serving</th><th scope="col">% Daily Value</th></tr>' +
    `</thead><tbody>${rows}</tbody>${footnote}</table></div>` +
    paragraph("Other ingredients", facts.otherIngredients) +
    paragraph("Directions", facts.directions) +
    paragraph("Warnings", facts.warnings)
  );
}

function paragraph(label: string, text: string): string {
  return text ? `<p class="label-text"><strong>${label}:</strong> ${esc(text)}</p>` : "";
}

/** The bold, boxed disclaimer (21 CFR 101.93(c)), its wording chosen by the number of claims shown. */
export function disclaimerHtml(claimCount: number): string {
  return `<p class="label-disclaimer">*${esc(disclaimerFor(claimCount))}</p>`;
}

/**
 * How a claim paragraph starts in a blog post's HTML (server/content/markdown.ts writes it, styled
 * by the `.label-*` rules): the post page counts these for the disclaimer.
 */
export const CLAIM_PARAGRAPH = '<p class="label-claim">';

/** A blog post's HTML with the disclaimer after it when it marks claims (server/content/markdown.ts). */
export function withClaimDisclaimer(postHtml: string): string {
  const claims = postHtml.split(CLAIM_PARAGRAPH).length - 1;
  return claims > 0 ? postHtml + disclaimerHtml(claims) : postHtml;
}

/** The product's claims, each ending in "*", and the disclaimer (also shown with no claims when asked). */
export function claimsHtml(claims: string[], showWithoutClaims: boolean): string {
  if (claims.length === 0) return showWithoutClaims ? disclaimerHtml(0) : "";
  const items = claims.map((c) => `<li>${esc(claimText(c))}</li>`).join("");
  return `<ul class="label-claims" aria-label="Product claims">${items}</ul>${disclaimerHtml(claims.length)}`;
}

/** One Prop 65 warning: the signal word in bold capitals, then the regulation's sentence. */
export function prop65WarningHtml(chemicals: string[], endpoint: Prop65Endpoint): string {
  return `<p><strong>${PROP65_SIGNAL_WORD}</strong> ${esc(prop65WarningBody(chemicals, endpoint))}</p>`;
}

/** The product page's warning: a clearly marked summary that opens the full text (works without JS). */
export function prop65DetailsHtml(chemicals: string[], endpoint: Prop65Endpoint): string {
  return (
    `<details class="label-prop65"><summary><strong>${PROP65_SIGNAL_WORD}</strong> California Proposition 65</summary>` +
    `${prop65WarningHtml(chemicals, endpoint)}</details>`
  );
}
