import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("auth", "routes/account/auth.tsx"),
    route("auth/two-factor", "routes/account/two-factor-challenge.tsx"),
    route("account", "routes/account/account.tsx"),
    route("account/two-factor", "routes/account/two-factor-setup.tsx"),
    route("orders", "routes/account/orders.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("auth/sign-out", "routes/account/sign-out.tsx"),
  route("admin/emails", "routes/admin/emails.tsx"),
  route("admin/emails/:id", "routes/admin/email.tsx"),
] satisfies RouteConfig;
