import { redirect } from "react-router";
import { redirectWithToast } from "../../app/lib/flash.server.ts";
import type { RequestContext } from "../context.ts";
import type { SessionUser } from "./session.ts";

export const ADMIN_LOGIN_PATH = "/admin/login";
export const ADMIN_TWO_FACTOR_PATH = "/admin/two-factor";

/**
 * Every admin loader and action calls this itself: React Router runs a child's loader and action
 * without its parent layout's, so a layout check alone would leave them open.
 * Signed out → /admin/login; signed in without the admin role → /admin/login with a toast;
 * with REQUIRE_ADMIN_2FA, an admin without two-factor → the setup page.
 */
export async function requireAdmin(context: RequestContext, request: Request): Promise<SessionUser> {
  const user = await requireAdminRole(context, request);
  if (context.config.requireAdmin2fa && !user.twoFactorEnabled) throw redirect(ADMIN_TWO_FACTOR_PATH);
  return user;
}

/** The role checks of requireAdmin without the two-factor rule: only for the two-factor setup page. */
export async function requireAdminRole(context: RequestContext, request: Request): Promise<AdminCandidate> {
  const user = await getAdminCandidate(context, request);
  if (!user) throw redirect(ADMIN_LOGIN_PATH);
  if (user.role !== "admin") {
    throw await redirectWithToast(ADMIN_LOGIN_PATH, {
      title: "Access Denied",
      description: "You don't have permission to access the admin panel.",
      variant: "destructive",
    });
  }
  return user;
}

type AdminCandidate = SessionUser & { twoFactorEnabled: boolean };

/** The signed-in user with their two-factor state, or null (a broken session counts as signed out). */
export async function getAdminCandidate(
  context: RequestContext,
  request: Request,
): Promise<AdminCandidate | null> {
  try {
    const session = await context.auth.api.getSession({ headers: request.headers });
    if (!session) return null;
    const { id, email, name, role, emailVerified, twoFactorEnabled } = session.user;
    return { id, email, name, role: role ?? "customer", emailVerified, twoFactorEnabled: !!twoFactorEnabled };
  } catch (error) {
    context.log.warn({ err: error }, "session lookup failed");
    return null;
  }
}
