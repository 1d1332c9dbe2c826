import { createContext, type MiddlewareFunction, redirect } from "react-router";
import type { RequestContext } from "../context.ts";
import { redirectWithToast } from "../http/flash.ts";
import { getSessionUser, type SessionUser } from "./session.ts";

export const ADMIN_LOGIN = "/admin/login";
export const TWO_FACTOR_SETUP = "/account/two-factor";

/**
 * The back office's check, run by `adminOnly` before every admin loader and action. Signed out → /admin/login; signed in without the admin role → /admin/login
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

/** The signed-in admin, set by `adminOnly` for the loaders and actions below it. */
export const adminUser = createContext<SessionUser>();

/**
 * The one admin guard: middleware on the pathless layout that wraps every /admin route except the
 * login (app/routes.ts). Middleware runs on every request that matches a child, including data
 * requests for a single child loader and resource routes, which a parent loader would not.
 */
export const adminOnly: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminUser, await requireAdmin(context, request));
};
