import { Outlet } from "react-router";
import { adminOnly } from "~server/auth/guards.ts";
import type { Route } from "./+types/guard";

/**
 * Pathless layout around every back office route except the login: its middleware is the one admin
 * guard (signed in, staff, two-factor, and the route's permission for this role), so a screen placed
 * under it in app/routes.ts is guarded without a line of its own. A refusal (403) is shown by the
 * root's error page (React Router renders middleware errors at the first route with a loader).
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

export default function AdminGuard() {
  return <Outlet />;
}
