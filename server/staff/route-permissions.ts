import type { Permission } from "../../core/staff/roles.ts";

/** Any signed-in staff member, whatever the role (the landing redirect, signing out). */
export const ANY_STAFF = "staff";

/**
 * What one admin route needs: `view` for its loader (GET, HEAD), `act` for its action (any other
 * method). A route with no action has no `act`.
 */
export type RouteRule = { view: Permission | typeof ANY_STAFF; act?: Permission | typeof ANY_STAFF };

const page = (view: Permission, act?: Permission): RouteRule => ({ view, act: act ?? view });
const readOnly = (view: RouteRule["view"]): RouteRule => ({ view });

/**
 * Every admin route's permission, by its URL pattern as in app/routes.ts. The admin guard refuses
 * a route that is missing here to everyone (owners too), and tests/security/admin-roles.test.ts
 * fails for it: a new screen is declared here before anyone can open it. The role table is
 * core/staff/roles.ts; docs/admins.md shows both.
 */
export const adminRoutePermissions: Record<string, RouteRule> = {
  "/admin": readOnly(ANY_STAFF),
  "/admin/sign-out": { view: ANY_STAFF, act: ANY_STAFF },
  // The command palette: each kind of result is filtered by the role's own permissions.
  "/admin/search": readOnly(ANY_STAFF),
  "/admin/upload": page("upload:file"),
  "/admin/dashboard": readOnly("view:dashboard"),
  // Orders
  "/admin/orders": page("view:order", "edit:order"),
  // An order's own page; its action adds internal notes.
  "/admin/orders/:orderId": page("view:order", "note:order"),
  // Saved views of the list (each person's own, or shared): whoever may see orders may save one.
  "/admin/orders/views": page("view:order"),
  "/admin/orders/:orderId/ship": page("ship:order"),
  "/admin/orders/:orderId/print": readOnly("print:order"),
  "/admin/orders/:orderId/refunds": page("refund:order"),
  "/admin/orders/export.csv": readOnly("export:order"),
  // Bulk actions: each needs what the single action needs (Fulfilment: status, ship, print).
  "/admin/orders/bulk/status": page("edit:order"),
  "/admin/orders/bulk/ship": page("ship:order"),
  "/admin/orders/bulk/print": page("print:order"),
  "/admin/orders/bulk/export.csv": page("export:order"),
  "/admin/orders/bulk/:requestId": readOnly("view:order"),
  "/admin/subscriptions": readOnly("view:subscription"),
  "/admin/subscriptions/:subscriptionId": page("view:subscription", "edit:subscription"),
  "/admin/subscriptions/:subscriptionId/price-change": page("edit:subscription"),
  // Products
  // Its action lets product text editors in; the action itself keeps them to text-only saves
  // (app/routes/admin/products.tsx, server/catalog/admin-products.ts).
  "/admin/products": page("view:product", "edit:product-text"),
  "/admin/products/bulk": page("edit:product"),
  // Importing writes products: the page itself is for those who may edit them.
  "/admin/products/import": page("edit:product"),
  "/admin/products/export.csv": readOnly("view:product"),
  "/admin/products/:id/stock": page("view:product", "edit:stock"),
  "/admin/products/:id/label": page("view:product", "edit:product"),
  "/admin/collections": page("view:product", "edit:product"),
  "/admin/batches": page("manage:authenticity"),
  "/admin/batches/:batchId": page("manage:authenticity"),
  "/admin/batches/:batchId/serials.csv": readOnly("manage:authenticity"),
  "/admin/validity": page("manage:authenticity"),
  "/admin/reviews": page("moderate:review"),
  // Customers
  "/admin/customers": readOnly("view:customer"),
  "/admin/customers/:customerId": page("view:customer", "edit:customer"),
  "/admin/customers/export.csv": readOnly("export:customer"),
  // Importing writes customers and their marketing consent in bulk: Owner and Manager.
  "/admin/customers/import": page("import:customer"),
  "/admin/contacts": page("view:contact", "edit:contact"),
  "/admin/emails": readOnly("view:email"),
  "/admin/emails/:id": readOnly("view:email"),
  "/admin/privacy": page("manage:privacy"),
  "/admin/privacy/export": page("manage:privacy"),
  // Content
  "/admin/blog": page("edit:blog"),
  "/admin/blog/new": page("edit:blog"),
  "/admin/blog/:id/edit": page("edit:blog"),
  "/admin/testimonials": page("edit:testimonial"),
  "/admin/partners": page("edit:partner"),
  "/admin/certificates": page("edit:certificate"),
  // Marketing
  "/admin/coupons": page("view:coupon", "edit:coupon"),
  "/admin/coupons/usage.csv": readOnly("view:coupon"),
  "/admin/content-creators": page("view:creator", "edit:creator"),
  "/admin/abandoned-carts": page("view:abandoned-cart", "edit:marketing"),
  "/admin/marketing": page("edit:marketing"),
  "/admin/subscribers": readOnly("view:subscriber"),
  "/admin/subscribers/export.csv": readOnly("export:subscriber"),
  // Finance
  "/admin/creator-commissions": page("view:payout", "pay:creator"),
  "/admin/creator-commissions/payable.csv": readOnly("view:payout"),
  "/admin/content-creators/:creatorId/ledger": page("view:payout", "pay:creator"),
  "/admin/webhooks": readOnly("view:webhook"),
  "/admin/webhooks/:eventId": page("view:webhook", "replay:webhook"),
  // Settings
  "/admin/shipping": page("edit:settings"),
  "/admin/policies": readOnly("edit:policy"),
  "/admin/policies/:slug": page("edit:policy"),
  "/admin/staff": page("manage:staff"),
  "/admin/settings/system": readOnly("edit:settings"),
  // The audit log; its one action is the retention setting.
  "/admin/activity": page("view:activity", "edit:settings"),
  "/admin/activity/export.csv": readOnly("view:activity"),
};

/** `admin/orders/:orderId/` or `/admin/orders/:orderId` → `/admin/orders/:orderId`. */
export const normalizePattern = (pattern: string) => `/${pattern.replace(/^\/+|\/+$/g, "")}`;

/**
 * The permission a request to the route matched by `pattern` needs, or null when the route has
 * none declared (refused) or the method reaches no action it declares.
 */
export function requiredPermission(pattern: string, method: string): RouteRule["view"] | null {
  const rule = adminRoutePermissions[normalizePattern(pattern)];
  if (!rule) return null;
  const reading = method === "GET" || method === "HEAD";
  return reading ? rule.view : (rule.act ?? null);
}
