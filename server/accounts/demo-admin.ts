import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { DEMO_EMAIL_DOMAIN } from "../seed/demo-orders.ts";
import { ensureAdmin } from "./ensure-admin.ts";

/** The admin a demo database gets when no ADMIN_EMAIL is configured (docs/admins.md). */
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

/**
 * Creates the demo admin with a random password, returned to be shown once. Called only in the
 * start that seeded a fresh demo database, so a shop's own database never gets this account.
 */
export async function createDemoAdmin(db: Db, auth: Auth) {
  const password = randomBytes(12).toString("base64url");
  await ensureAdmin(db, auth, { email: DEMO_ADMIN_EMAIL, password });
  return { email: DEMO_ADMIN_EMAIL, password };
}

/** Whether the demo admin exists (later starts mention it without its password). */
export async function hasDemoAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, DEMO_ADMIN_EMAIL), eq(user.role, "admin")));
  return Boolean(row);
}
