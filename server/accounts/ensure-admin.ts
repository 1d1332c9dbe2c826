import { eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

export type AdminCredentials = { email: string; password: string };

/**
 * Makes sure an admin account exists for this email: created (verified, role admin) when missing,
 * promoted and verified when it already exists. An existing password is left unchanged.
 * Returns what happened so the CLI can say so.
 */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  credentials: AdminCredentials,
): Promise<"created" | "updated"> {
  const email = credentials.email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.id, existing.id));
    return "updated";
  }
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser(
    { email, name: "Admin", emailVerified: true, role: "admin" },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(credentials.password),
  });
  return "created";
}
