/**
 * Staff permissions and roles. A permission names one thing a person may do in the back office
 * ("verb:noun"); a role is a list of them. The server checks them on every admin loader and
 * action (server/staff/route-permissions.ts); the navigation hides what a role may not open.
 * Pure data, shared by the browser (navigation) and the server.
 */
export const permissions = [
  "view:dashboard",
  "view:order",
  "edit:order",
  "ship:order",
  "print:order",
  "note:order",
  "refund:order",
  "export:order",
  "view:customer",
  "edit:customer",
  "export:customer",
  // The customers CSV import (/admin/customers/import): writes customers and marketing consent in
  // bulk. Owner and Manager only (docs/admins.md).
  "import:customer",
  "view:subscription",
  "edit:subscription",
  "view:product",
  "edit:product",
  // A product's text and images only (name, description, SEO, pictures): the Content role.
  "edit:product-text",
  "edit:stock",
  "manage:authenticity",
  "view:coupon",
  "edit:coupon",
  "view:creator",
  "edit:creator",
  "view:payout",
  "pay:creator",
  "view:abandoned-cart",
  "edit:marketing",
  "view:subscriber",
  "export:subscriber",
  "view:contact",
  "edit:contact",
  "edit:blog",
  "edit:testimonial",
  "edit:partner",
  "edit:certificate",
  "moderate:review",
  "upload:file",
  "view:email",
  "view:webhook",
  "replay:webhook",
  "manage:privacy",
  "edit:policy",
  "edit:settings",
  "manage:staff",
  // The audit log (/admin/activity and its CSV): who changed what. Owner and Manager.
  "view:activity",
] as const;

export type Permission = (typeof permissions)[number];

export const roleKeys = ["owner", "manager", "fulfilment", "support", "marketing", "content"] as const;
export type RoleKey = (typeof roleKeys)[number];

export type Role = {
  key: RoleKey | "none";
  name: string;
  summary: string;
  permissions: readonly Permission[];
};

const everything = permissions;

/** The built-in roles, in the order the staff screen offers them. */
export const roles: Record<RoleKey, Role> = {
  owner: {
    key: "owner",
    name: "Owner",
    summary: "Everything, including staff and their roles.",
    permissions: everything,
  },
  manager: {
    key: "manager",
    name: "Manager",
    summary: "Everything but staff.",
    permissions: everything.filter((p) => p !== "manage:staff"),
  },
  fulfilment: {
    key: "fulfilment",
    name: "Fulfilment",
    summary: "Orders: view, change status, ship, print, internal notes. No refunds, no customer records.",
    permissions: ["view:order", "edit:order", "ship:order", "print:order", "note:order"],
  },
  support: {
    key: "support",
    name: "Support",
    summary: "Customers, orders and refunds, subscriptions, contact messages, reviews, emails.",
    permissions: [
      "view:order",
      "edit:order",
      "print:order",
      "note:order",
      "refund:order",
      "view:customer",
      "edit:customer",
      "view:subscription",
      "edit:subscription",
      "view:contact",
      "edit:contact",
      "moderate:review",
      "view:email",
    ],
  },
  marketing: {
    key: "marketing",
    name: "Marketing",
    summary: "Coupons, creators, abandoned carts, newsletter.",
    permissions: [
      "view:coupon",
      "edit:coupon",
      "view:creator",
      "edit:creator",
      "view:abandoned-cart",
      "edit:marketing",
      "view:subscriber",
      "export:subscriber",
    ],
  },
  content: {
    key: "content",
    name: "Content",
    summary:
      "Blog, testimonials, partners, certificates; images; products' text and images (not prices, stock, status or variants).",
    permissions: [
      "edit:blog",
      "edit:testimonial",
      "edit:partner",
      "edit:certificate",
      "upload:file",
      "view:product",
      "edit:product-text",
    ],
  },
};

export const isRoleKey = (value: unknown): value is RoleKey =>
  typeof value === "string" && (roleKeys as readonly string[]).includes(value);

/** What an unknown stored role name grants: nothing (never the widest role by mistake). */
const noRole: Role = { key: "none", name: "No role", summary: "", permissions: [] };

/**
 * A staff member's role. An admin account from before roles (none stored: the migration made every
 * admin an Owner, so only `npm run admin:create`-era rows) is an Owner; an unknown name grants nothing.
 */
export const roleOf = (staffRole: string | null | undefined): Role => {
  if (staffRole === null || staffRole === undefined) return roles.owner;
  return isRoleKey(staffRole) ? roles[staffRole] : noRole;
};

export const can = (role: Role, permission: Permission): boolean => role.permissions.includes(permission);
