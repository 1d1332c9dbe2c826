import {
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquare,
  Newspaper,
  Package,
  Repeat,
  ShieldCheck,
  ShoppingCart,
  TicketPercent,
  Users,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon };

/**
 * The side navigation, in the spec's order. The screens of admin part 2 (Coupons, Content Creators,
 * Blog, Testimonials, Partners, Certificates, Validity) are added here by the issue that builds
 * them, so no entry ever leads to a missing page. Emails is the outbox page of the accounts work.
 */
export const adminNavItems: AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/products", label: "Products", icon: Package },
  { to: "/admin/orders", label: "Orders", icon: ShoppingCart },
  { to: "/admin/subscriptions", label: "Subscriptions", icon: Repeat },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent },
  { to: "/admin/content-creators", label: "Content Creators", icon: Users },
  { to: "/admin/contacts", label: "Contacts", icon: MessageSquare },
  { to: "/admin/blog", label: "Blog", icon: Newspaper },
  { to: "/admin/validity", label: "Validity", icon: ShieldCheck },
  { to: "/admin/emails", label: "Emails", icon: Mail },
];

/** Icon for screens added later without one. */
export const defaultNavIcon = FileText;
