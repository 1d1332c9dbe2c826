import { isAPIError } from "better-auth/api";
import { redirect } from "react-router";
import type { RequestContext } from "../context.ts";
import { oncePerPageLoad } from "../http/request-memo.ts";
import { tagRequestUser } from "../logger.ts";
import { PASSKEY_SIGN_IN } from "./passkeys.ts";
import { SOCIAL_SIGN_IN } from "./social.ts";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  /** For staff (role `admin`): their role's key (core/staff/roles.ts); null for an admin from before roles. */
  staffRole: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** This session began with a passkey (which stands for password and second factor). */
  signedInWithPasskey: boolean;
  /** This session began with Google or Apple: never an admin session (decision 055). */
  signedInWithSocial: boolean;
};

/**
 * better-auth's session lookup with the cookies it may roll forward, once per page load: the store
 * layout's loader and the page's ask alike (for a signed-in customer, one session and user query).
 */
export function requestSession(context: RequestContext, request: Request) {
  return oncePerPageLoad(context, request, "session", () =>
    context.auth.api.getSession({ headers: request.headers, returnHeaders: true }),
  );
}

/** The signed-in user of this request, or null. Never throws for a missing or broken session. */
export async function getSessionUser(context: RequestContext, request: Request): Promise<SessionUser | null> {
  try {
    const { response: session } = await requestSession(context, request);
    if (!session) return null;
    const { id, email, name, role, emailVerified, twoFactorEnabled, staffRole } = session.user;
    tagRequestUser(context, id);
    return {
      id,
      email,
      name,
      role: role ?? "customer",
      staffRole: staffRole ?? null,
      emailVerified,
      twoFactorEnabled: Boolean(twoFactorEnabled),
      signedInWithPasskey: session.session.signInMethod === PASSKEY_SIGN_IN,
      signedInWithSocial: session.session.signInMethod === SOCIAL_SIGN_IN,
    };
  } catch (error) {
    // 401: the session ended while being refreshed (e.g. an admin session past its 7 days).
    if (!(isAPIError(error) && error.statusCode === 401))
      context.log.warn({ err: error }, "session lookup failed");
    return null;
  }
}

/** `/auth?redirectTo=<this page>`: sign in, then come back here. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** For customer pages: the signed-in user, or a redirect to /auth that comes back here afterwards. */
export async function requireUser(context: RequestContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  throw redirect(signInUrl(request));
}
