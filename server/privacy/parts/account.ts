import { eq, or } from "drizzle-orm";
import { account, session, twoFactor, user, verification } from "../../db/schema/index.ts";
import { mentionsAny } from "../match.ts";
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
    const about = userId ? [email, userId.toLowerCase()] : [email];
    await tx
      .delete(verification)
      .where(or(mentionsAny([verification.identifier, verification.value], about)));
    if (!userId) return;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
  },
};
