import { eq, or, sql } from "drizzle-orm";
import { account, session, twoFactor, user, verification } from "../../db/schema/index.ts";
import { sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * The better-auth account: shown without its password hash, session tokens or 2FA key; erased
 * last, with its sessions (signed out everywhere), logins, 2FA and pending verification links.
 */
export const accountPart: PrivacyPart = {
  name: "account",
  exportFor: async (db, { userId }) => {
    if (!userId) return null;
    const [row] = await db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(eq(user.id, userId));
    const sessions = await db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId));
    return row ? { ...row, sessions } : null;
  },
  eraseFor: async (tx, { userId, email }) => {
    await tx.delete(verification).where(theirVerifications(userId, email));
    if (!userId) return;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
  },
};

/**
 * better-auth's pending links and codes: the value is the account id (password reset, trusted
 * device, two-factor code) or the email; a two-factor code's attempt counter is keyed by the
 * code's identifier.
 */
function theirVerifications(userId: string | null, email: string) {
  const { identifier, value } = verification;
  if (!userId) return sameEmail(value, email);
  return or(
    eq(value, userId),
    sameEmail(value, email),
    sql`${identifier} in (select '2fa-attempts-' || v.identifier from ${verification} as v where v.value = ${userId})`,
  );
}
