import { ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Outlet } from "react-router";
import { adminOnly } from "~server/auth/guards.ts";
import { ErrorBoundary as ShopErrorBoundary } from "../../root.tsx";
import type { Route } from "./+types/guard";

/**
 * Pathless layout around every back office route except the login: its middleware is the one admin
 * guard (signed in, staff, two-factor, and the route's permission for this role), so a screen placed
 * under it in app/routes.ts is guarded without a line of its own.
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

export default function AdminGuard() {
  return <Outlet />;
}

/** A screen the staff member's role may not open (403); any other failure shows the shop's error page. */
export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  const { error } = props;
  if (!isRouteErrorResponse(error) || error.status !== 403)
    return <ShopErrorBoundary {...(props as unknown as Parameters<typeof ShopErrorBoundary>[0])} />;
  const message =
    typeof error.data?.message === "string" ? error.data.message : "Your role does not allow this.";
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <ShieldAlert className="size-10 text-destructive-text" aria-hidden />
      <h1 className="font-display text-3xl font-semibold">Not allowed</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      {/* A full page load: the back office opens the first screen this role may use. */}
      <a href="/admin" className="text-primary underline-offset-4 hover:underline">
        Back to the back office
      </a>
    </main>
  );
}
