import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

/** Where a subscriber's emails go: their account's name and address. */
export async function subscriberContact(
  db: Db,
  userId: string,
): Promise<{ name: string; email: string | null }> {
  const [subscriber] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return { name: subscriber?.name ?? "", email: subscriber?.email ?? null };
}
