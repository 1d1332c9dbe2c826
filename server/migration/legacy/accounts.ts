import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isBcryptHash } from "../../auth/legacy-password.ts";
import type { Db } from "../../db/client.ts";
import { account, user } from "../../db/schema/index.ts";
import { type ImportContext, importTable, RowRefused } from "./context.ts";
import { importedId, newIdFor, rememberImport } from "./ids.ts";
import type { LegacyRow } from "./source.ts";
import { toDate, toObject, toText } from "./values.ts";

const SOURCE = "auth.users";

/**
 * The old shop's accounts (Supabase Auth's auth.users). The bcrypt hash is kept as the account's
 * password and checked at the first sign-in (server/auth/legacy-password.ts). Admin only from
 * raw_app_meta_data.role: raw_user_meta_data is editable by the user about themselves.
 */
export function importAccounts(ctx: ImportContext) {
  return importTable(ctx, "auth", "users", (db, row, oldId) => importAccount(ctx, db, row, oldId));
}

async function importAccount(ctx: ImportContext, db: Db, row: LegacyRow, oldId: string) {
  if (toDate(row.deleted_at)) throw new RowRefused("deleted account");
  const email = toText(row.email)?.toLowerCase();
  if (!email?.includes("@")) throw new RowRefused("no email address (phone-only accounts are not imported)");
  const appMeta = toObject(row.raw_app_meta_data);
  const userMeta = toObject(row.raw_user_meta_data);
  const isAdmin = appMeta.role === "admin";
  if (!isAdmin && userMeta.role === "admin")
    ctx.report.note(
      `${email} called itself admin in its own user metadata (which any user can edit): imported as a customer; promote it by hand only if genuine (npm run admin:create)`,
    );
  const bannedUntil =
    toDate(row.banned_until) ?? (String(row.banned_until ?? "") === "infinity" ? new Date(8.64e15) : null);
  const fields = {
    name: (toText(userMeta.full_name) ?? toText(userMeta.name) ?? email.split("@")[0]!).slice(0, 200),
    email,
    emailVerified: toDate(row.email_confirmed_at) !== null,
    banned: bannedUntil !== null && bannedUntil > ctx.now,
    banExpires: bannedUntil !== null && bannedUntil > ctx.now ? bannedUntil : null,
  };
  const hash = toText(row.encrypted_password);
  const password = isBcryptHash(hash) ? hash : null;

  const existingId = await importedId(db, SOURCE, oldId);
  const id = existingId ?? newIdFor(SOURCE, oldId);
  const [sameEmail] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (sameEmail && sameEmail.id !== id)
    throw new RowRefused(`an account with ${email} already exists in this shop`);

  if (existingId) {
    await db
      .update(user)
      // Never demoted on a re-run: the owner may have promoted the account since.
      .set({ ...fields, ...(isAdmin && { role: "admin" }), updatedAt: new Date() })
      .where(eq(user.id, id));
    // The old hash only replaces one not yet upgraded (the customer has not signed in here).
    if (password) await keepLegacyPassword(db, id, password);
    return "updated";
  }
  await db.insert(user).values({
    id,
    ...fields,
    role: isAdmin ? "admin" : "customer",
    createdAt: toDate(row.created_at) ?? ctx.now,
  });
  if (password) await keepLegacyPassword(db, id, password);
  else
    ctx.report.note(
      `${email} has no password in the old shop (${String(appMeta.provider ?? "no provider")} sign-in): they use "Forgot password" once`,
    );
  await rememberImport(db, SOURCE, oldId, id);
  return "imported";
}

async function keepLegacyPassword(db: Db, userId: string, hash: string) {
  const [credential] = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential) {
    await db
      .insert(account)
      .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    return;
  }
  if (credential.password === null || isBcryptHash(credential.password))
    await db
      .update(account)
      .set({ password: hash, updatedAt: sql`now()` })
      .where(eq(account.id, credential.id));
}

/** Our id of an old auth user, if imported. */
export function importedUserId(db: Db, oldUserId: string | null) {
  return oldUserId ? importedId(db, SOURCE, oldUserId) : Promise.resolve(null);
}
