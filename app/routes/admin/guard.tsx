import { Outlet } from "react-router";
import { adminOnly } from "~server/auth/guards.ts";
import type { Route } from "./+types/guard";

/**
 * Pathless layout around every back office route except the login: its middleware is the one admin
 * guard, so a screen placed under it in app/routes.ts is guarded without a line of its own.
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

export default function AdminGuard() {
  return <Outlet />;
}
