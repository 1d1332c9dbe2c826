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

/** Accessible name for the cart control; the visual badge is hidden from screen readers. */
export function cartLabel(quantity: number) {
  if (quantity <= 0) return "Cart";
  return `Cart (${quantity} ${quantity === 1 ? "item" : "items"})`;
}
