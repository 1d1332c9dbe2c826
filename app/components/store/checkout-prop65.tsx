/**
 * The cart's California Prop 65 warnings, shown before the pay button. The markup is made on the
 * server from escaped text (server/labels/checkout-warnings.ts): /checkout is at its JavaScript
 * budget, so the wording travels as loader data (decision 045).
 */
export function CheckoutProp65({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server/labels/label-html.ts escapes every typed text.
  return html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
