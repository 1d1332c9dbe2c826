import { and, eq } from "drizzle-orm";
import { roleOf } from "../../core/staff/roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db, Tx } from "../db/client.ts";
import { account, session, twoFactor, user, verification } from "../db/schema/index.ts";

export type AdminCredentials = { email: string; password: string };
export type EnsureAdminOutcome = "created" | "promoted" | "made-owner" | "unchanged";

/**
 * Makes sure an admin account exists for this email (ADMIN_EMAIL at start, `npm run admin:create`):
 * - missing: created, verified, role admin, with this password;
 * - already an admin: left as it is (its password may have been changed since), made an Owner if
 *   it had another staff role;
 * - any other account: promoted. Whoever signed that address up first may not be the shop owner
 *   (sign-up needs no verification), so promotion takes the account over for the configured
 *   password: the password is replaced, every session, two-factor setup and pending token
 *   (reset link, sign-in challenge) of the account is ended, and the email counts as verified.
 */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  credentials: AdminCredentials,
): Promise<EnsureAdminOutcome> {
  const email = credentials.email.trim().toLowerCase();
  const ctx = await auth.$context;
  const [existing] = await db
    .select({ id: user.id, role: user.role, staffRole: user.staffRole })
    .from(user)
    .where(eq(user.email, email));
  if (existing?.role === "admin") {
    // The configured address is always an Owner (another owner may have given it a smaller role).
    if (roleOf(existing.staffRole).key === "owner") return "unchanged";
    await db.update(user).set({ staffRole: "owner", updatedAt: new Date() }).where(eq(user.id, existing.id));
    return "made-owner";
  }
  const passwordHash = await ctx.password.hash(credentials.password);
  if (existing) {
    await db.transaction((tx) => promoteToAdmin(tx, existing.id, passwordHash));
    return "promoted";
  }
  const created = await ctx.internalAdapter.createUser(
    { email, name: "Admin", emailVerified: true, role: "admin", staffRole: "owner" },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: passwordHash,
  });
  return "created";
}

async function promoteToAdmin(tx: Tx, userId: string, passwordHash: string) {
  const now = new Date();
  await tx
    .update(user)
    .set({ role: "admin", staffRole: "owner", emailVerified: true, twoFactorEnabled: false, updatedAt: now })
    .where(eq(user.id, userId));
  const replaced = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (replaced.length === 0) {
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
  }
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  // Reset tokens, two-factor sign-in challenges and trusted devices all name the user in `value`.
  await tx.delete(verification).where(eq(verification.value, userId));
}
