import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("blog", "routes/store/blog.tsx"),
    route("blog/:slug", "routes/store/blog-post.tsx"),
    route("validity", "routes/store/validity.tsx"),
    // Privacy, terms, refunds, shipping, accessibility (docs/compliance.md, section 4).
    route("policies/:slug", "routes/store/policy.tsx"),
    route("products", "routes/store/products.tsx"),
    route("search", "routes/store/search.tsx"),
    route("collections/:slug", "routes/store/collection.tsx"),
    // The spec serves the product screen under both prefixes; one module, two route ids.
    route("product/:slug", "routes/store/product.tsx", { id: "product" }),
    route("products/:slug", "routes/store/product.tsx", { id: "products-slug" }),
    route("cart", "routes/store/cart.tsx"),
    // Abandoned-cart email links (signed tokens, decision 044).
    route("cart/restore/:token", "routes/store/cart-restore.tsx"),
    // Signed email links: one module, two route ids (decisions 044, 048).
    route("unsubscribe/:token", "routes/store/email-link.tsx", { id: "unsubscribe" }),
    route("newsletter/confirm/:token", "routes/store/email-link.tsx", { id: "newsletter-confirm" }),
    route("newsletter", "routes/store/newsletter.tsx"),
    route("checkout", "routes/store/checkout.tsx"),
    route("payment-success", "routes/store/payment-success.tsx"),
    route("paypal-success", "routes/store/paypal-success.tsx"),
    route("auth", "routes/account/auth.tsx"),
    route("auth/two-factor", "routes/account/two-factor-challenge.tsx"),
    route("account", "routes/account/account.tsx"),
    route("account/two-factor", "routes/account/two-factor-setup.tsx"),
    route("account/passkeys", "routes/account/passkeys.tsx"),
    route("account/subscriptions", "routes/account/subscriptions.tsx"),
    route("account/subscriptions/:subscriptionId", "routes/account/subscription-detail.tsx"),
    route("account/subscriptions/:subscriptionId/cancel", "routes/account/subscription-cancel.tsx"),
    route("orders", "routes/account/orders.tsx"),
    route("orders/:orderId", "routes/account/order-detail.tsx"),
    route("account/addresses", "routes/account/addresses.tsx"),
    // Privacy requests (docs/compliance.md, section 6): the data download and account deletion.
    route("account/privacy", "routes/account/privacy.tsx"),
    route("account/privacy/export", "routes/account/privacy-export.ts"),
    // A guest's order through the secret link in the confirmation email (decision 037).
    route("order-status/:token", "routes/store/order-status.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("auth/sign-out", "routes/account/sign-out.tsx"),
  // The content creators' portal: its own sign-in, session and minimal layout (docs/creators.md).
  route("creator", "routes/creator/portal.tsx"),
  route("creator/set-password", "routes/creator/set-password.tsx"),
  // The sandbox provider's hosted pages (test mode): outside the store layout, like a real provider.
  route("sandbox/pay/:sessionId", "routes/sandbox/pay.tsx", { id: "sandbox-card" }),
  route("sandbox/paypal/:sessionId", "routes/sandbox/pay.tsx", { id: "sandbox-paypal" }),
  // One file up to 50,000 URLs, above that an index of /sitemap/{n}.xml (server/seo/sitemap.ts).
  route("sitemap.xml", "routes/api/sitemap.ts", { id: "sitemap" }),
  route("sitemap/:file", "routes/api/sitemap.ts", { id: "sitemap-part" }),
  route("search/suggest", "routes/api/search-suggest.ts"),
  route("reviewer/:productId", "routes/api/reviewer.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("feeds/google.xml", "routes/api/google-feed.ts"),

  // Back office. Everything but the login sits under the guard layout, whose middleware checks the
  // admin before any loader or action runs; tests/e2e/admin-authorization.test.ts checks each route.
  route("admin/login", "routes/admin/login.tsx"),
  // A staff invitation's one-time link: choose a password, join the back office (docs/admins.md).
  route("invitation/:token", "routes/admin/invitation.tsx"),
  layout("routes/admin/guard.tsx", [
    ...prefix("admin", [
      index("routes/admin/index.tsx"),
      route("orders/:orderId/print", "routes/admin/order-print.tsx"),
      // CSV downloads (resource routes, streamed): docs/exports-and-events.md.
      route("orders/export.csv", "routes/admin/export-orders.ts"),
      // Bulk actions on Orders Management (docs/fulfilment.md).
      route("orders/bulk/status", "routes/admin/bulk-status.ts"),
      route("orders/bulk/ship", "routes/admin/bulk-ship.ts"),
      route("orders/bulk/print", "routes/admin/bulk-print.tsx"),
      route("orders/bulk/export.csv", "routes/admin/bulk-export.ts"),
      route("orders/bulk/:requestId", "routes/admin/bulk-progress.ts"),
      route("customers/export.csv", "routes/admin/export-customers.ts"),
      route("products/export.csv", "routes/admin/export-products.ts"),
      route("coupons/usage.csv", "routes/admin/export-coupon-usage.ts"),
      route("creator-commissions/payable.csv", "routes/admin/export-creator-payable.ts"),
      route("batches/:batchId/serials.csv", "routes/admin/export-batch-serials.ts"),
      route("subscribers/export.csv", "routes/admin/export-subscribers.ts"),
      route("activity/export.csv", "routes/admin/export-activity.ts"),
      route("orders/:orderId/refunds", "routes/admin/order-refunds.tsx"),
      route("upload", "routes/admin/upload.tsx"),
      route("sign-out", "routes/admin/sign-out.tsx"),
      // The command palette's search (Ctrl/⌘+K): docs/back-office.md.
      route("search", "routes/admin/search.ts"),
      // A privacy request's data as a JSON download (resource route): docs/compliance.md.
      route("privacy/export", "routes/admin/privacy-export.ts"),
      layout("routes/admin/layout.tsx", [
        route("dashboard", "routes/admin/dashboard.tsx"),
        route("products", "routes/admin/products.tsx"),
        route("products/bulk", "routes/admin/product-bulk.tsx"),
        // Catalog CSV import (Shopify, WooCommerce): upload, preview, import. docs/migrating.md.
        route("products/import", "routes/admin/products-import.tsx"),
        route("products/:id/stock", "routes/admin/product-stock.tsx"),
        route("products/:id/label", "routes/admin/product-label.tsx"),
        route("collections", "routes/admin/collections.tsx"),
        route("orders", "routes/admin/orders.tsx"),
        route("orders/:orderId/ship", "routes/admin/order-ship.tsx"),
        // An order's own page (linkable), its notes and timeline: docs/back-office.md.
        route("orders/:orderId", "routes/admin/order.tsx"),
        route("orders/views", "routes/admin/order-views.ts"),
        route("coupons", "routes/admin/coupons.tsx"),
        route("shipping", "routes/admin/shipping.tsx"),
        route("content-creators", "routes/admin/content-creators.tsx"),
        // Commission balances, hold setting and payouts (decision 040).
        route("creator-commissions", "routes/admin/creator-commissions.tsx"),
        route("content-creators/:creatorId/ledger", "routes/admin/creator-ledger.tsx"),
        route("customers", "routes/admin/customers.tsx"),
        // Shopify customer CSV import: upload, preview, import. docs/migrating.md.
        route("customers/import", "routes/admin/customers-import.tsx"),
        route("customers/:customerId", "routes/admin/customer.tsx"),
        route("contacts", "routes/admin/contacts.tsx"),
        route("blog", "routes/admin/blog.tsx"),
        // One editor module for both modes, two route ids.
        route("blog/new", "routes/admin/blog-editor.tsx", { id: "admin-blog-new" }),
        route("blog/:id/edit", "routes/admin/blog-editor.tsx", { id: "admin-blog-edit" }),
        route("testimonials", "routes/admin/testimonials.tsx"),
        route("reviews", "routes/admin/reviews.tsx"),
        route("partners", "routes/admin/partners.tsx"),
        route("certificates", "routes/admin/certificates.tsx"),
        route("validity", "routes/admin/validity.tsx"),
        // Authenticity batches, certificates of analysis and serials: docs/validity.md.
        route("batches", "routes/admin/batches.tsx"),
        route("batches/:batchId", "routes/admin/batch.tsx"),
        route("emails", "routes/admin/emails.tsx"),
        route("emails/:id", "routes/admin/email.tsx"),
        route("subscriptions", "routes/admin/subscriptions.tsx"),
        route("subscriptions/:subscriptionId", "routes/admin/subscriptions-detail.tsx"),
        route("subscriptions/:subscriptionId/price-change", "routes/admin/subscription-price-change.tsx"),
        route("webhooks", "routes/admin/webhooks.tsx"),
        route("webhooks/:eventId", "routes/admin/webhook-event.tsx"),
        route("abandoned-carts", "routes/admin/abandoned-carts.tsx"),
        route("privacy", "routes/admin/privacy.tsx"),
        route("policies", "routes/admin/policies.tsx"),
        route("settings/system", "routes/admin/system.tsx"),
        route("policies/:slug", "routes/admin/policy-editor.tsx"),
        // Marketing consent: postal address for marketing email, subscribers (decision 048).
        route("marketing", "routes/admin/marketing.tsx"),
        route("subscribers", "routes/admin/subscribers.tsx"),
        // Staff, roles and invitations (docs/admins.md); permissions: server/staff/route-permissions.ts.
        route("staff", "routes/admin/staff.tsx"),
        // The audit log (docs/admins.md): who changed what; filters in the URL, CSV export.
        route("activity", "routes/admin/activity.tsx"),
      ]),
    ]),
  ]),
] satisfies RouteConfig;
