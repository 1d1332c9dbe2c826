/** The storefront's main sections, shared by the header and the mobile menu. */
export const storeNavLinks = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/blog", label: "Blog" },
  { to: "/validity", label: "Validity" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
] as const;

/** The signed-in customer as the layout knows it (null when signed out). */
export type StoreUser = { email: string; name: string };

/**
 * Accessible name for the cart control; the visual badge is hidden from screen readers.
 * Rendered as visually hidden text, not aria-label, so the visible badge number never
 * contradicts a label (axe: label-content-name-mismatch).
 */
export function cartLabel(quantity: number) {
  return `Cart${cartCountSuffix(quantity)}`;
}

/** " (2 items)" after a visible "Cart"; empty for an empty cart. */
export function cartCountSuffix(quantity: number) {
  if (quantity <= 0) return "";
  return ` (${quantity} ${quantity === 1 ? "item" : "items"})`;
}
