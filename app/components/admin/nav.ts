import {
  Activity,
  Award,
  BellRing,
  Contact,
  FileText,
  FlaskConical,
  Handshake,
  History,
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
  UserCog,
  Users,
  UserX,
  Wallet,
  Webhook,
} from "lucide-react";
import { can, type Permission, type Role } from "~core/staff/roles.ts";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon; permission: Permission };
export type AdminNavGroup = { label: string; items: AdminNavItem[] };

/**
 * The side navigation, grouped as shop owners look for things: Orders · Products · Customers ·
 * Content · Marketing · Finance · Settings (the owner's settings), after the Dashboard. Each entry
 * names the permission its screen's loader needs (server/staff/route-permissions.ts), so a role
 * sees only what it may open.
 */
export const adminNavGroups: AdminNavGroup[] = [
  {
    label: "Overview",
    items: [
      { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, permission: "view:dashboard" },
    ],
  },
  {
    label: "Orders",
    items: [
      { to: "/admin/orders", label: "Orders", icon: ShoppingCart, permission: "view:order" },
      { to: "/admin/subscriptions", label: "Subscriptions", icon: Repeat, permission: "view:subscription" },
    ],
  },
  {
    label: "Products",
    items: [
      { to: "/admin/products", label: "Products", icon: Package, permission: "view:product" },
      { to: "/admin/collections", label: "Collections", icon: Layers, permission: "view:product" },
      { to: "/admin/reviews", label: "Reviews", icon: Star, permission: "moderate:review" },
      { to: "/admin/batches", label: "Batches", icon: FlaskConical, permission: "manage:authenticity" },
      { to: "/admin/validity", label: "Validity", icon: ShieldCheck, permission: "manage:authenticity" },
    ],
  },
  {
    label: "Customers",
    items: [
      { to: "/admin/customers", label: "Customers", icon: Contact, permission: "view:customer" },
      { to: "/admin/contacts", label: "Contacts", icon: MessageSquare, permission: "view:contact" },
      { to: "/admin/emails", label: "Emails", icon: Mail, permission: "view:email" },
      { to: "/admin/privacy", label: "Privacy Requests", icon: UserX, permission: "manage:privacy" },
    ],
  },
  {
    label: "Content",
    items: [
      { to: "/admin/blog", label: "Blog", icon: Newspaper, permission: "edit:blog" },
      {
        to: "/admin/testimonials",
        label: "Testimonials",
        icon: MessageSquareQuote,
        permission: "edit:testimonial",
      },
      { to: "/admin/partners", label: "Partners", icon: Handshake, permission: "edit:partner" },
      { to: "/admin/certificates", label: "Certificates", icon: Award, permission: "edit:certificate" },
    ],
  },
  {
    label: "Marketing",
    items: [
      { to: "/admin/coupons", label: "Coupons", icon: TicketPercent, permission: "view:coupon" },
      {
        to: "/admin/abandoned-carts",
        label: "Abandoned Carts",
        icon: BellRing,
        permission: "view:abandoned-cart",
      },
      { to: "/admin/content-creators", label: "Content Creators", icon: Users, permission: "view:creator" },
      { to: "/admin/marketing", label: "Marketing", icon: Mail, permission: "edit:marketing" },
      { to: "/admin/subscribers", label: "Subscribers", icon: Users, permission: "view:subscriber" },
    ],
  },
  {
    label: "Finance",
    items: [
      {
        to: "/admin/creator-commissions",
        label: "Creator Commissions",
        icon: Wallet,
        permission: "view:payout",
      },
      { to: "/admin/webhooks", label: "Webhooks", icon: Webhook, permission: "view:webhook" },
    ],
  },
  {
    label: "Settings",
    items: [
      { to: "/admin/shipping", label: "Shipping & Tax", icon: Truck, permission: "edit:settings" },
      { to: "/admin/policies", label: "Policies", icon: Scale, permission: "edit:policy" },
      { to: "/admin/staff", label: "Staff", icon: UserCog, permission: "manage:staff" },
      { to: "/admin/activity", label: "Activity Log", icon: History, permission: "view:activity" },
      { to: "/admin/settings/system", label: "System", icon: Activity, permission: "edit:settings" },
    ],
  },
];

/** Every entry, in order (the loading line names the screen being opened). */
export const adminNavItems: AdminNavItem[] = adminNavGroups.flatMap((group) => group.items);

/** The groups with only the entries this role may open; empty groups dropped. */
export function navGroupsFor(role: Role): AdminNavGroup[] {
  return adminNavGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => can(role, item.permission)) }))
    .filter((group) => group.items.length > 0);
}

/** Where a staff member lands at /admin: the first screen their role opens, or null for none. */
export const homeFor = (role: Role): string | null => navGroupsFor(role)[0]?.items[0]?.to ?? null;

/** Icon for screens added later without one. */
export const defaultNavIcon = FileText;
