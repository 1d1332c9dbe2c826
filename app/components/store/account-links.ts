import { MapPin, Package, Repeat, Settings } from "lucide-react";

/** A signed-in customer's pages, as the account dropdown and the mobile menu list them. */
export const accountLinks = [
  { to: "/orders", label: "My Orders", icon: Package },
  { to: "/account/subscriptions", label: "My Subscriptions", icon: Repeat },
  { to: "/account/addresses", label: "My Addresses", icon: MapPin },
  { to: "/account", label: "My Account", icon: Settings },
] as const;
