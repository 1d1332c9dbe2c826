import { accessibilityTemplate } from "./policies/accessibility.ts";
import { privacyTemplate } from "./policies/privacy.ts";
import { refundsTemplate } from "./policies/refunds.ts";
import { shippingTemplate } from "./policies/shipping.ts";
import { termsTemplate } from "./policies/terms.ts";
import type { PolicySlug } from "./policies.ts";

/**
 * The starter texts (Markdown) each policy begins with as its version 1. Server code only: long
 * texts stay out of browser chunks (decision 015).
 */
export const policyTemplates: Record<PolicySlug, string> = {
  privacy: privacyTemplate,
  terms: termsTemplate,
  refunds: refundsTemplate,
  shipping: shippingTemplate,
  accessibility: accessibilityTemplate,
};
