import { brand } from "../../core/brand.ts";
import { POLICY_SLUGS, policyPath, policyTitles } from "../../core/legal/policies.ts";

export type FooterNav = { title: string; links: { to: string; label: string }[] };

export type FooterContent = { navs: FooterNav[]; legalNotice: string };

/**
 * The footer's link columns and legal notice. Sent as the store layout's loader data rather than
 * written in the footer's code: every storefront page loads that code, and /checkout is at its JS
 * budget (decision 015); in loader data the texts cost HTML bytes only.
 */
const navs: FooterNav[] = [
  {
    title: "Explore",
    links: [
      { to: "/products", label: "Products" },
      { to: "/blog", label: "Blog" },
      { to: "/about", label: "About Us" },
      { to: "/contact", label: "Contact Us" },
      { to: "/validity", label: "Validity Check" },
    ],
  },
  {
    title: "Policies",
    links: POLICY_SLUGS.map((slug) => ({ to: policyPath(slug), label: policyTitles[slug] })),
  },
];

export const footerContent: FooterContent = {
  navs,
  legalNotice: `Unauthorized resale of ${brand.name} products is prohibited. Every jar carries a unique batch number that you can verify on our validity page.`,
};
