import {
  Activity,
  Award,
  BellRing,
  FileText,
  FlaskConical,
  Handshake,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquare,
  MessageSquareQuote,
  Newspaper,
  Package,
  Repeat,
  Scale,
  ShieldCheck,
  ShoppingCart,
  Star,
  TicketPercent,
  Truck,
  Users,
  UserX,
  Wallet,
  Webhook,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon };

/**
 * The side navigation, in the spec's order (its eleven screens), then Emails, the outbox page of
 * the accounts work; Collections sits after Products, whose groups they are.
 */
export const adminNavItems: AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/products", label: "Products", icon: Package },
  { to: "/admin/collections", label: "Collections", icon: Layers },
  { to: "/admin/orders", label: "Orders", icon: ShoppingCart },
  { to: "/admin/subscriptions", label: "Subscriptions", icon: Repeat },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent },
  { to: "/admin/abandoned-carts", label: "Abandoned Carts", icon: BellRing },
  { to: "/admin/marketing", label: "Marketing", icon: Mail },
  { to: "/admin/subscribers", label: "Subscribers", icon: Users },
  { to: "/admin/shipping", label: "Shipping & Tax", icon: Truck },
  { to: "/admin/content-creators", label: "Content Creators", icon: Users },
  { to: "/admin/creator-commissions", label: "Creator Commissions", icon: Wallet },
  { to: "/admin/contacts", label: "Contacts", icon: MessageSquare },
  { to: "/admin/blog", label: "Blog", icon: Newspaper },
  { to: "/admin/testimonials", label: "Testimonials", icon: MessageSquareQuote },
  { to: "/admin/reviews", label: "Reviews", icon: Star },
  { to: "/admin/partners", label: "Partners", icon: Handshake },
  { to: "/admin/certificates", label: "Certificates", icon: Award },
  { to: "/admin/validity", label: "Validity", icon: ShieldCheck },
  { to: "/admin/batches", label: "Batches", icon: FlaskConical },
  { to: "/admin/emails", label: "Emails", icon: Mail },
  { to: "/admin/webhooks", label: "Webhooks", icon: Webhook },
  { to: "/admin/privacy", label: "Privacy Requests", icon: UserX },
  { to: "/admin/policies", label: "Policies", icon: Scale },
  { to: "/admin/settings/system", label: "System", icon: Activity },
];

/** Icon for screens added later without one. */
export const defaultNavIcon = FileText;
