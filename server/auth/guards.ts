import { redirect } from "react-router";
import type { RequestContext } from "../context.ts";
import { redirectWithToast } from "../http/flash.ts";
import { getSessionUser, type SessionUser } from "./session.ts";

export const ADMIN_LOGIN = "/admin/login";
export const TWO_FACTOR_SETUP = "/account/two-factor";

/**
 * Every admin loader and action calls this itself (a parent layout's check does not protect a
 * child's loader). Signed out → /admin/login; signed in without the admin role → /admin/login
 * with 'Access Denied'; with REQUIRE_ADMIN_2FA, an admin without two-factor → its setup page.
 */
export async function requireAdmin(context: RequestContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(ADMIN_LOGIN);
  if (user.role !== "admin") {
    throw await redirectWithToast(ADMIN_LOGIN, {
      title: "Access Denied",
      description: "You don't have permission to access the admin panel.",
      variant: "destructive",
    });
  }
  if (context.config.requireAdmin2fa && !user.twoFactorEnabled) {
    throw await redirectWithToast(TWO_FACTOR_SETUP, {
      title: "Two-factor authentication required",
      description: "Turn on two-factor authentication to use the admin panel.",
      variant: "destructive",
    });
  }
  return user;
}
