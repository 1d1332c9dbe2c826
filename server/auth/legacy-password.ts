import bcrypt from "bcryptjs";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { account } from "../db/schema/index.ts";

/**
 * Customers imported from the old shop (docs/migrating.md) keep the bcrypt hash its auth service
 * made ($2a$/$2b$/$2y$). It is checked at their first sign-in and then replaced by our own scrypt
 * hash, so no plain password is ever stored and the old hashes fade out as customers come back.
 */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(hash: string | null | undefined): hash is string {
  return typeof hash === "string" && BCRYPT_HASH.test(hash);
}

/** better-auth's password check: bcrypt for an imported hash, better-auth's own scrypt otherwise. */
export function verifyAnyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (isBcryptHash(hash)) return bcrypt.compare(password, hash);
  return verifyPassword({ hash, password });
}

type SignInContext = {
  path: string;
  body?: unknown;
  context: { newSession?: { user: { id: string } } | null };
};

/**
 * After a successful email sign-in: if the account still has its imported bcrypt hash, the
 * password just proven right is hashed our way and replaces it (by the account's id).
 */
export async function upgradeLegacyPassword(db: Db, ctx: SignInContext) {
  if (ctx.path !== "/sign-in/email" || !ctx.context.newSession) return;
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  if (typeof password !== "string") return;
  const userId = ctx.context.newSession.user.id;
  const [credential] = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential || !isBcryptHash(credential.password)) return;
  // Only this hash is replaced: a password changed meanwhile is left alone.
  await db
    .update(account)
    .set({ password: await hashPassword(password), updatedAt: new Date() })
    .where(and(eq(account.id, credential.id), eq(account.password, credential.password)));
}
