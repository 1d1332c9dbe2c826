import type { BetterAuthOptions } from "better-auth";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { socialSessionRule } from "./social.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Customers: 30 days, extended once a day while in use (better-auth's own settings).
 * Admins: the back office moves money, so a session ends after 12 hours without a request and
 * 7 days after sign-in whatever happens.
 */
export const sessionLifetime = {
  customer: { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS },
  admin: { idleMs: 12 * HOUR_MS, maxAgeMs: 7 * 24 * HOUR_MS },
};

/** When an admin session started at `createdAt` ends if it is used now and then not again. */
export function adminSessionExpiry(createdAt: Date, now: Date): Date {
  const { idleMs, maxAgeMs } = sessionLifetime.admin;
  return new Date(Math.min(now.getTime() + idleMs, createdAt.getTime() + maxAgeMs));
}

type SessionHooks = NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["session"]>;

/**
 * better-auth knows one lifetime; these hooks shorten admin sessions. An admin session's
 * `expiresAt` is always its idle/absolute end, so better-auth's own expiry check enforces it.
 * Since that end is sooner than `expiresIn - updateAge` away, better-auth refreshes an admin
 * session at every lookup, which is what moves the idle deadline.
 */
export function adminSessionHooks(db: Db): SessionHooks {
  return {
    create: {
      before: async (created, ctx) => {
        const [owner] = await db.select({ role: user.role }).from(user).where(eq(user.id, created.userId));
        // Google / Apple sessions: marked, and refused to staff (social.ts).
        const session = socialSessionRule(created, ctx?.path, owner?.role);
        if (owner?.role !== "admin") return { data: session };
        const now = new Date();
        return { data: { ...session, expiresAt: adminSessionExpiry(now, now) } };
      },
    },
    update: {
      before: async (changes, ctx) => {
        const current = ctx?.context.session;
        // Only the refresh of the session being looked up moves `expiresAt`.
        if (!changes.expiresAt || !current || current.user.role !== "admin") return;
        const now = new Date();
        const expiresAt = adminSessionExpiry(new Date(current.session.createdAt), now);
        if (expiresAt <= now) {
          await ctx.context.internalAdapter.deleteSession(current.session.token);
          return false; // better-auth then treats the request as signed out
        }
        return { data: { ...changes, expiresAt } };
      },
    },
  };
}
