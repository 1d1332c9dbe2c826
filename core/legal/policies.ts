/**
 * The shop's policy pages (docs/compliance.md, section 4): their stable addresses and titles.
 * Browser-safe (the footer and the checkout link to them): no zod, no long texts here.
 */
export const POLICY_SLUGS = ["privacy", "terms", "refunds", "shipping", "accessibility"] as const;

export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const policyTitles: Record<PolicySlug, string> = {
  privacy: "Privacy policy",
  terms: "Terms of service",
  refunds: "Refund and return policy",
  shipping: "Shipping policy",
  accessibility: "Accessibility statement",
};

export const policyPath = (slug: PolicySlug) => `/policies/${slug}`;

export function isPolicySlug(value: string): value is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(value);
}
