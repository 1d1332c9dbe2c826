import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../server/db/client.ts";
import { account, user } from "../../server/db/schema/index.ts";
import { uniqueSuffix } from "./unique.ts";

export type User = typeof user.$inferSelect;

export const DEFAULT_USER_PASSWORD = "customer-pass-1";

/**
 * A better-auth user with an email + password login (hashed the way better-auth checks it).
 * Defaults: verified customer with a unique address.
 */
export async function createUser(
  db: Db,
  overrides: Partial<typeof user.$inferInsert> & { password?: string } = {},
): Promise<User> {
  const { password = DEFAULT_USER_PASSWORD, ...fields } = overrides;
  const id = crypto.randomUUID();
  const [created] = await db
    .insert(user)
    .values({
      name: "Sam Customer",
      email: `customer${uniqueSuffix()}@example.com`,
      emailVerified: true,
      role: "customer",
      ...fields,
      id,
    })
    .returning();
  await db.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  return created!;
}
