import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),

  // Back office. Every module under routes/admin/ except the login calls requireAdmin in its own
  // loader and action; tests/e2e/admin-authorization.test.ts checks each of them.
  route("admin/login", "routes/admin/login.tsx"),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("two-factor", "routes/admin/two-factor.tsx"),
    route("orders/:orderId/print", "routes/admin/order-print.tsx"),
    route("upload", "routes/admin/upload.tsx"),
    route("sign-out", "routes/admin/sign-out.tsx"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
