import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import { can, type Role, roleOf } from "../../core/staff/roles.ts";
import { withActor } from "../audit/actor.ts";
import type { RequestContext } from "../context.ts";
import { redirectWithToast } from "../http/flash.ts";
import { ANY_STAFF, requiredPermission } from "../staff/route-permissions.ts";
import { staffRequireTwoFactor } from "../staff/settings.ts";
import { getSessionUser, type SessionUser } from "./session.ts";

export const ADMIN_LOGIN = "/admin/login";
export const TWO_FACTOR_SETUP = "/account/two-factor";

/** A signed-in staff member and the role their permissions come from. */
export type StaffUser = SessionUser & { access: Role };

/**
 * The back office's check, run by `adminOnly` before every admin loader and action. Signed out → /admin/login; signed in without the admin role → /admin/login
 * with 'Access Denied'; with REQUIRE_ADMIN_2FA or the owner's "staff must use two-factor" setting,
 * a staff member without two-factor → its setup page (a session begun with a passkey counts as two-factor).
 */
export async function requireAdmin(context: RequestContext, request: Request): Promise<StaffUser> {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(ADMIN_LOGIN);
  if (user.role !== "admin") {
    throw await redirectWithToast(ADMIN_LOGIN, {
      title: "Access Denied",
      description: "You don't have permission to access the admin panel.",
      variant: "destructive",
    });
  }
  // A Google / Apple session skipped the password and the second factor (a customer promoted to
  // staff may still hold one): the back office wants a fresh staff sign-in (decision 055).
  if (user.signedInWithSocial) {
    throw await redirectWithToast(ADMIN_LOGIN, {
      title: "Sign in again",
      description: "The admin panel needs your password (and second factor) or a passkey.",
      variant: "destructive",
    });
  }
  if (
    !user.twoFactorEnabled &&
    !user.signedInWithPasskey &&
    (context.config.requireAdmin2fa || (await staffRequireTwoFactor(context.database.db)))
  ) {
    throw await redirectWithToast(TWO_FACTOR_SETUP, {
      title: "Two-factor authentication required",
      description: "Turn on two-factor authentication, or sign in with a passkey, to use the admin panel.",
      variant: "destructive",
    });
  }
  return { ...user, access: roleOf(user.staffRole) };
}

/**
 * Refuses the request unless the staff member's role grants what the matched route declares for
 * this method (server/staff/route-permissions.ts). A route declaring nothing is refused to all:
 * a new admin screen stays closed until its permission is written down.
 */
export function requireRoutePermission(staff: StaffUser, pattern: string, method: string) {
  const needed = requiredPermission(pattern, method);
  if (needed === ANY_STAFF) return;
  if (needed && can(staff.access, needed)) return;
  throw data(
    { message: `Your role (${staff.access.name}) does not allow this.`, permission: needed },
    { status: 403 },
  );
}

/** The signed-in admin, set by `adminOnly` for the loaders and actions below it. */
export const adminUser = createContext<StaffUser>();

/**
 * The one admin guard: middleware on the pathless layout that wraps every /admin route except the
 * login (app/routes.ts). Middleware runs on every request that matches a child, including data
 * requests for a single child loader and resource routes, which a parent loader would not.
 * `pattern` is the matched route's URL pattern, so the permission is the route's, whichever of its
 * loaders a data request asks for.
 */
export const adminOnly: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const staff = await requireAdmin(context, request);
  requireRoutePermission(staff, pattern, request.method);
  context.set(adminUser, staff);
  // Every change the loaders and actions below make is recorded as this person's (server/audit/).
  const actor = {
    kind: "staff",
    id: staff.id,
    name: staff.name,
    email: staff.email,
    ip: context.clientIp || null,
  } as const;
  return withActor(actor, next);
};
